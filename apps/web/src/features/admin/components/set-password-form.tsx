import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { checkPassword, passwordRuleText } from '@pharma/domain';
import type { AdminUser } from '@pharma/domain/contract/admin';
import { fillLabel, UI } from '../../../config/labels.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { personName } from '../admin-grant.ts';
import { ErrorAlert } from './error-alert.tsx';
import { FormFooter } from './form-footer.tsx';

/** An admin sets a user's password: the register page's rule, checked here and by the server; their sessions end. */
export function SetPasswordForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useUpdateUser();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPassword(password);
    setError(check.ok ? undefined : check.message);
    if (check.ok) mutation.mutate({ id: user.id, body: { password } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>{fillLabel(UI.setPasswordOf, { name: personName(user) })}</Text>
        <Text size="sm">{UI.setPasswordText}</Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': UI.togglePassword }}
          label={UI.newPassword}
          description={passwordRuleText()}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          size="md"
        />
        <ErrorAlert error={mutation.error} />
        <FormFooter>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {UI.setPassword}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
