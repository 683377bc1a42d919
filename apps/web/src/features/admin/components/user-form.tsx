import { useState, type FormEvent } from 'react';
import { Button, MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CreateUserBody, Role } from '@pharma/domain/contract/admin';
import { UI, USER_TYPES } from '../../../config/labels.ts';
import { useCreateUser } from '../api/create-user.ts';
import { ErrorAlert } from './error-alert.tsx';

const EMPTY: CreateUserBody = { email: '', firstName: '', lastName: '', nric: '', user_type: 'operator', password: '', roleIds: [] };

/** Creates a user with a first password and roles; the server checks the fields and the roles. */
export function UserForm({ roles, onDone }: { roles: Role[]; onDone: () => void }) {
  const [body, setBody] = useState<CreateUserBody>(EMPTY);
  const mutation = useCreateUser();
  const field = (name: 'email' | 'firstName' | 'lastName' | 'nric' | 'password') => ({
    value: body[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setBody((current) => ({ ...current, [name]: value }));
    },
    size: 'md' as const,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(body, { onSuccess: onDone });
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
        <PasswordInput label={UI.password} required autoComplete="new-password" {...field('password')} />
        <MultiSelect
          label={UI.roles}
          data={roles.map((r) => ({ value: r.id, label: r.name }))}
          value={body.roleIds}
          onChange={(roleIds) => setBody((current) => ({ ...current, roleIds }))}
          searchable
          size="md"
        />
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} fullWidth mt="xs">
          {UI.createUser}
        </Button>
      </Stack>
    </form>
  );
}
