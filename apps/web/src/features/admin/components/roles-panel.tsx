import { useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { APPLICATIONS } from '@pharma/domain';
import type { Role } from '@pharma/domain/contract/admin';
import { UI } from '../../../config/labels.ts';
import { useRoles } from '../api/list-roles.ts';
import { grantSummary } from '../role-draft.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { RoleForm } from './role-form.tsx';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: Role } | undefined;

function RoleCard({ role, onEdit }: { role: Role; onEdit: () => void }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={role.name}>
      <Stack gap={6}>
        <Text fw={600}>{role.name}</Text>
        {role.description && (
          <Text size="sm" c="dimmed">
            {role.description}
          </Text>
        )}
        <Group gap={6}>
          {role.areas.map((area) => (
            <Badge key={area} variant="light">
              {area}
            </Badge>
          ))}
          {role.rights.map((right) => (
            <Badge key={right} color="grape" variant="light">
              {right}
            </Badge>
          ))}
        </Group>
        {APPLICATIONS.map((area) => {
          const summary = grantSummary(role, area, UI.everything.toLowerCase());
          return summary ? (
            <Text key={area} size="xs" c="dimmed" lineClamp={3}>
              {area}: {summary}
            </Text>
          ) : null;
        })}
        <Group justify="flex-end">
          <Button variant="default" size="sm" onClick={onEdit}>
            {UI.editRole}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The Roles tab: one card per role, with create and edit. */
export function RolesPanel() {
  const roles = useRoles();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setDialog({ kind: 'create' })}>{UI.createRole}</Button>
      </Group>
      <ErrorAlert error={roles.error} />
      {roles.isPending ? (
        <Center py="xl">
          <Loader aria-label={UI.loading} />
        </Center>
      ) : roles.data?.length === 0 ? (
        <Text c="dimmed">{UI.noRolesYet}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {(roles.data ?? []).map((role) => (
            <RoleCard key={role.id} role={role} onEdit={() => setDialog({ kind: 'edit', role })} />
          ))}
        </SimpleGrid>
      )}
      <AdminDialog opened={dialog !== undefined} onClose={close} title={dialog?.kind === 'edit' ? UI.editRole : UI.createRole}>
        {dialog && (
          <RoleForm
            key={dialog.kind === 'edit' ? dialog.role.id : 'new'}
            role={dialog.kind === 'edit' ? dialog.role : undefined}
            onDone={close}
          />
        )}
      </AdminDialog>
    </Stack>
  );
}
