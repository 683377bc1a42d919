import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { checkPassword, passwordRuleText } from '@pharma/domain';
import type { CreateUserBody, Role } from '@pharma/domain/contract/admin';
import { UI, USER_TYPES } from '../../../config/labels.ts';
import { useCreateUser } from '../api/create-user.ts';
import { adminRolesGranted, personName } from '../admin-grant.ts';
import { ConfirmAdminDialog } from './confirm-admin-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { FormFooter } from './form-footer.tsx';
import { RolePicker } from './role-picker.tsx';

const EMPTY: CreateUserBody = { email: '', firstName: '', lastName: '', nric: '', user_type: 'operator', password: '', roleIds: [] };

/**
 * Creates a user with a first password and roles. The password rule is the register page's, checked
 * here and again by the server (decision 0067); granting a role with the ADMIN right asks first.
 */
export function UserForm({ roles, onDone }: { roles: Role[]; onDone: () => void }) {
  const [body, setBody] = useState<CreateUserBody>(EMPTY);
  const [passwordError, setPasswordError] = useState<string>();
  const [asking, setAsking] = useState<Role[]>([]);
  const mutation = useCreateUser();
  const field = (name: 'email' | 'firstName' | 'lastName' | 'nric' | 'password') => ({
    value: body[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setBody((current) => ({ ...current, [name]: value }));
    },
    size: 'md' as const,
  });
  const create = () => mutation.mutate(body, { onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const password = checkPassword(body.password);
    setPasswordError(password.ok ? undefined : password.message);
    if (!password.ok) return;
    const granted = adminRolesGranted([], body.roleIds, roles);
    if (granted.length) setAsking(granted);
    else create();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label={UI.email} type="email" required autoComplete="off" {...field('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={UI.firstName} required {...field('firstName')} />
          <TextInput label={UI.lastName} required {...field('lastName')} />
        </SimpleGrid>
        <TextInput label={UI.nric} {...field('nric')} />
        <Select
          label={UI.userType}
          data={[...USER_TYPES]}
          value={body.user_type}
          onChange={(value) => setBody((current) => ({ ...current, user_type: value ?? 'operator' }))}
          allowDeselect={false}
          size="md"
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': UI.togglePassword }}
          label={UI.password}
          description={passwordRuleText()}
          required
          autoComplete="new-password"
          error={passwordError}
          {...field('password')}
        />
        <RolePicker roles={roles} value={body.roleIds} onChange={(roleIds) => setBody((current) => ({ ...current, roleIds }))} />
        <ErrorAlert error={mutation.error} />
        <FormFooter>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {UI.createUser}
          </Button>
        </FormFooter>
      </Stack>
      <ConfirmAdminDialog
        name={personName(body)}
        roles={asking}
        onCancel={() => setAsking([])}
        onConfirm={() => {
          setAsking([]);
          create();
        }}
      />
    </form>
  );
}
