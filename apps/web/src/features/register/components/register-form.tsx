import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  DEFAULT_REGION,
  PHONE_COUNTRIES,
  passwordRuleText,
  phoneCountry,
  validateRegistration,
  type RegistrationField,
  type RegistrationInput,
} from '@pharma/domain';
import { UI } from '../../../config/labels.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { localDay } from '../../../lib/local-day.ts';

export type FieldMessages = Partial<Record<RegistrationField, string>>;

export interface RegisterFormProps {
  onSubmit: (input: RegistrationInput) => void;
  pending: boolean;
  /** The server's refusal: its message, and its per-field messages shown like the form's own. */
  error: unknown;
  serverFields: Record<string, string>;
}

const EMPTY: RegistrationInput = {
  firstName: '',
  lastName: '',
  email: '',
  mobileCountry: DEFAULT_REGION,
  mobile: '',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
};

const COUNTRY_OPTIONS = PHONE_COUNTRIES.map((c) => ({ value: c.iso2, label: `${c.name} (+${c.dialCode})` }));

/** The account request form: the spec's form rules (packages/domain) run before sending, the server runs them again. */
export function RegisterForm({ onSubmit, pending, error, serverFields }: RegisterFormProps) {
  const [input, setInput] = useState<RegistrationInput>(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(0);

  const set = (field: RegistrationField) => (value: string) => setInput((current) => ({ ...current, [field]: value }));
  const text = (field: RegistrationField) => ({
    value: input[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
    error: errors[field] ?? serverFields[field],
    size: 'md' as const,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(input, localDay());
    const messages: FieldMessages = Object.fromEntries(Object.entries(found).map(([field, e]) => [field, e.message]));
    setErrors(messages);
    setSubmitted((n) => n + 1);
    if (Object.keys(messages).length === 0) onSubmit(input);
  };

  const dial = phoneCountry(input.mobileCountry)?.dialCode;
  const showServerError = error instanceof ApiError && Object.keys(serverFields).length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {showServerError && (
          <Alert key={submitted} color="red" role="alert" variant="light">
            {error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={UI.firstName} autoComplete="given-name" {...text('firstName')} />
          <TextInput label={UI.lastName} autoComplete="family-name" {...text('lastName')} />
        </SimpleGrid>
        <TextInput label={UI.email} type="email" inputMode="email" autoComplete="email" {...text('email')} />
        <Select
          label={UI.country}
          data={COUNTRY_OPTIONS}
          value={input.mobileCountry}
          onChange={(value) => set('mobileCountry')(value ?? DEFAULT_REGION)}
          allowDeselect={false}
          error={errors.mobileCountry ?? serverFields.mobileCountry}
          size="md"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={UI.mobile}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          leftSection={dial ? `+${dial}` : undefined}
          leftSectionWidth={dial && dial.length > 2 ? 56 : 48}
          {...text('mobile')}
        />
        <TextInput label={UI.dateOfBirth} type="date" autoComplete="bday" max={localDay()} {...text('dateOfBirth')} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': UI.togglePassword }}
          label={UI.password}
          description={passwordRuleText()}
          autoComplete="new-password"
          {...text('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': UI.togglePassword }}
          label={UI.confirmPassword}
          autoComplete="new-password"
          {...text('confirmPassword')}
        />
        <Button type="submit" size="md" loading={pending} fullWidth mt="xs">
          {UI.submitRegistration}
        </Button>
      </Stack>
    </form>
  );
}
