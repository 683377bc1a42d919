import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginErrorText } from '@pharma/domain';
import { UI } from '../../../config/labels.ts';
import { errorText } from '../../../lib/api-client.ts';
import { validateLogin, type LoginErrors } from '../validate-login.ts';

export interface LoginFormProps {
  onSubmit: (fields: { identifier: string; password: string }) => void;
  pending: boolean;
  error: unknown;
}

/** Email and password with the spec's client checks; shows the server's message on failure, never its HTTP status. */
export function LoginForm({ onSubmit, pending, error }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ identifier: email.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error != null && (
          <Alert color="red" role="alert" variant="light">
            {loginErrorText(errorText(error))}
          </Alert>
        )}
        <TextInput
          label={UI.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          size="md"
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': UI.togglePassword }}
          label={UI.password}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          size="md"
        />
        <Button type="submit" size="md" loading={pending} fullWidth>
          {UI.login}
        </Button>
      </Stack>
    </form>
  );
}
