import { Tabs } from '@mantine/core';
import { UI } from '../../../config/labels.ts';
import { ReaderSettingsPanel } from './reader-settings-panel.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

/** /admin (decision 0006): users, roles and the warehouses' reader settings (decision 0051), for holders of the ADMIN right. */
export function AdminPage() {
  return (
    <Tabs defaultValue="users" keepMounted={false}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="users">{UI.users}</Tabs.Tab>
        <Tabs.Tab value="roles">{UI.roles}</Tabs.Tab>
        <Tabs.Tab value="readers">{UI.readerSettings}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users">
        <UsersPanel />
      </Tabs.Panel>
      <Tabs.Panel value="roles">
        <RolesPanel />
      </Tabs.Panel>
      <Tabs.Panel value="readers">
        <ReaderSettingsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
