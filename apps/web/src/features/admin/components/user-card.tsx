import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@pharma/domain/contract/admin';
import { UI } from '../../../config/labels.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { ErrorAlert } from './error-alert.tsx';

export interface UserCardProps {
  user: AdminUser;
  roleNames: string[];
  /** An admin cannot disable their own account (the server refuses it too). */
  isSelf: boolean;
  onEditRoles: () => void;
  onSetPassword: () => void;
  /** Disabling asks first: their sessions end at once. */
  onDisable: () => void;
}

/** One user: name, email, type, roles, a Disabled badge, and the actions. */
export function UserCard({ user, roleNames, isSelf, onEditRoles, onSetPassword, onDisable }: UserCardProps) {
  const enable = useUpdateUser();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Card withBorder padding="sm" component="article" aria-label={user.email}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
          {user.disabled && (
            <Badge color="red" variant="filled">
              {UI.disabled}
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Badge variant="outline" color="gray">
            {user.user_type}
          </Badge>
          {roleNames.length === 0 ? (
            <Text size="sm" c="dimmed">
              {UI.noRoles}
            </Text>
          ) : (
            roleNames.map((role) => (
              <Badge key={role} variant="light">
                {role}
              </Badge>
            ))
          )}
        </Group>
        <ErrorAlert error={enable.error} />
        {/* Two buttons a row on a handheld, so no label is cut ('Set pass…', issue 27). */}
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          <Button variant="default" size="sm" onClick={onEditRoles}>
            {UI.editRoles}
          </Button>
          <Button variant="default" size="sm" onClick={onSetPassword}>
            {UI.setPassword}
          </Button>
          {user.disabled ? (
            <Button
              variant="light"
              size="sm"
              loading={enable.isPending}
              onClick={() => enable.mutate({ id: user.id, body: { disabled: false } })}
            >
              {UI.enable}
            </Button>
          ) : (
            !isSelf && (
              <Button variant="light" color="red" size="sm" onClick={onDisable}>
                {UI.disable}
              </Button>
            )
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
