import { Alert, Anchor, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { Application } from '@pharma/domain';
import { LanguagePicker } from '../../../components/ui/language-picker.tsx';
import { UI } from '../../../config/labels.ts';
import { sessionEndNotice } from '../../../lib/api-client.ts';
import { answerLanguage } from '../../../i18n/language.ts';
import { chooseDeviceLanguage } from '../../../lib/language-choice.ts';
import { fetchSignedInSession, SESSION_QUERY_KEY, useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { loginTarget } from '../login-target.ts';
import { ssoErrorText } from '../sso.ts';
import { LoginForm } from './login-form.tsx';
import { SsoButton } from './sso-button.tsx';

/**
 * /rdc/login and /ldc/login: single sign-on when offered, email and password, and a link to
 * request an account; why the last session ended, when an administrator disabled the account; the
 * language of this device (issue 33: kept for the device, the page reloads into it). A signed-in user is
 * sent on: to the area (or returnPath), or to /restricted; into their saved language first, if they have one.
 */
export function LoginPage({ area }: { area: Application }) {
  const session = useSession();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const mutation = useLogin();

  if (session.status === 'loading') {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (session.status === 'authenticated') {
    return <Navigate to={loginTarget(area, session.session.authorization, search.get('returnPath'))} replace />;
  }

  const submit = (fields: { identifier: string; password: string }) =>
    mutation.mutate(fields, {
      onSuccess: () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSignedInSession, staleTime: 0 }),
    });

  const ssoError = ssoErrorText(search);
  // A session ended because an administrator disabled the account: say so, not a bare login form (issue 27).
  const ended = mutation.error == null ? sessionEndNotice() : undefined;
  return (
    <Container size={420} px={0} py="md">
      <Stack gap="md">
        {ended && (
          <Alert color="orange" role="alert" variant="light">
            {ended}
          </Alert>
        )}
        {ssoError && (
          <Alert color="red" role="alert" variant="light">
            {ssoError}
          </Alert>
        )}
        <SsoButton area={area} returnPath={search.get('returnPath')} />
        <LoginForm onSubmit={submit} pending={mutation.isPending} error={mutation.error} />
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/register">
            {UI.requestAccount}
          </Anchor>
        </Text>
        <LanguagePicker value={answerLanguage()} onChange={(locale) => chooseDeviceLanguage(locale)} />
      </Stack>
    </Container>
  );
}
