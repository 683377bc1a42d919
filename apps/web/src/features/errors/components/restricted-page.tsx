import { Button, Group, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { message } from '../../../i18n/language.ts';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { NAV_LABELS } from '../../../config/labels.ts';
import { readLastArea } from '../../../lib/client-state.ts';
import { useSession } from '../../../lib/session.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { areaAdvice, noAccess } from '../area-advice.ts';
import { HomeLink } from './home-link.tsx';

/**
 * /restricted and /403 (spec point 2), with what happened and whom to ask (issue 27): an account with
 * no role at all is told so and may sign out (home would lead back here); after signing in at the other
 * area's login or opening a page of an area it has no role in (`?area=`, read only as RDC or LDC), which
 * area the account may use, with links there; without a role for the page, home. The spec's code, title
 * and text stay above.
 */
export function RestrictedPage({ home }: { home?: string }) {
  const [search] = useSearchParams();
  const session = useSession();
  const signedIn = session.status === 'authenticated' ? session.session : undefined;
  const logout = useLogout(undefined);
  const advice = areaAdvice(search.get('area'), signedIn?.authorization);
  const why = noAccess(search.get('area'), signedIn?.user, signedIn?.authorization, readLastArea());

  let way = <HomeLink to={home} />;
  if (advice) {
    way = (
      <Group justify="center">
        {advice.links.map((link) => (
          <Button key={link.to} component={Link} to={link.to}>
            {link.label}
          </Button>
        ))}
      </Group>
    );
  } else if (why?.kind === 'noRole') {
    way = <Button onClick={() => void logout()}>{NAV_LABELS.logout}</Button>;
  } else if (why?.kind === 'noRoleForPage') {
    way = <HomeLink to={home ?? why.home} />;
  }
  // The spec's text stays; which area the account may use and whom to ask come under it.
  const lines = [advice?.text, why?.text].filter((line): line is string => Boolean(line));
  const action = lines.length ? (
    <Stack align="center" gap="sm">
      {lines.map((line) => (
        <Text key={line} fw={600} maw={480}>
          {line}
        </Text>
      ))}
      {way}
    </Stack>
  ) : (
    way
  );
  return <StatusScreen code={403} title={message('RESTRICTED_TITLE')} text={message('RESTRICTED_TEXT')} action={action} />;
}
