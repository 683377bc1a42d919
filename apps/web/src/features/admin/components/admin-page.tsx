import { Tabs } from '@mantine/core';
import { UI } from '../../../config/labels.ts';
import { RolesPanel } from './roles-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

/** /admin (decision 0006): users and roles, for holders of the ADMIN right. */
export function AdminPage() {
  return (
    <Tabs defaultValue="users" keepMounted={false}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="users">{UI.users}</Tabs.Tab>
        <Tabs.Tab value="roles">{UI.roles}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users">
        <UsersPanel />
      </Tabs.Panel>
      <Tabs.Panel value="roles">
        <RolesPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
