import { Anchor, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fillLabel, UI } from '../../../config/labels.ts';
import { AREA_LOGIN } from '../../../config/routes.ts';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { serverFieldErrors, useRegister } from '../api/register.ts';
import { RegisterForm } from './register-form.tsx';

function LoginLinks() {
  return (
    <Group justify="center" gap="sm" wrap="wrap">
      <Button component={Link} to={AREA_LOGIN.RDC} variant="light">
        {UI.rdcLogin}
      </Button>
      <Button component={Link} to={AREA_LOGIN.LDC} variant="light">
        {UI.ldcLogin}
      </Button>
    </Group>
  );
}

/** /register (public): a person requests an account; an admin grants access afterwards. */
export function RegisterPage() {
  const mutation = useRegister();

  if (mutation.isSuccess) {
    return (
      <Container size={480} px={0} py="md">
        <StatusScreen
          title={UI.registeredTitle}
          text={fillLabel(UI.registeredText, { email: mutation.data.email })}
          action={<LoginLinks />}
        />
      </Container>
    );
  }

  return (
    <Container size={480} px={0} py="md">
      <Stack gap="md">
        <Text>{UI.registerIntro}</Text>
        <RegisterForm
          onSubmit={(input) => mutation.mutate(input)}
          pending={mutation.isPending}
          error={mutation.error}
          serverFields={serverFieldErrors(mutation.error)}
        />
        <Text ta="center" size="sm">
          {UI.alreadyHaveAccount}{' '}
          <Anchor component={Link} to={AREA_LOGIN.RDC}>
            {UI.rdcLogin}
          </Anchor>
          {' · '}
          <Anchor component={Link} to={AREA_LOGIN.LDC}>
            {UI.ldcLogin}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
