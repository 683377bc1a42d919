import { useState, type FormEvent } from 'react';
import { Accordion, Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { APPLICATIONS, SYSTEM_RIGHTS } from '@pharma/domain';
import type { Role, RoleBody } from '@pharma/domain/contract/admin';
import { RIGHT_LABELS, UI } from '../../../config/labels.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { emptyRole, normalizeRole, toggleArea } from '../role-draft.ts';
import { ErrorAlert } from './error-alert.tsx';
import { ModuleTree } from './module-tree.tsx';

/** Creates or edits a role: name, description, areas, rights, and per area the module tree. */
export function RoleForm({ role, onDone }: { role?: Role; onDone: () => void }) {
  const [body, setBody] = useState<RoleBody>(() =>
    role
      ? { name: role.name, description: role.description, areas: role.areas, applications: role.applications, rights: role.rights }
      : emptyRole(),
  );
  const create = useCreateRole();
  const update = useUpdateRole();
  const mutation = role ? update : create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = normalizeRole(body);
    if (role) update.mutate({ id: role.id, body: payload }, { onSuccess: onDone });
    else create.mutate(payload, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={UI.name}
          required
          value={body.name}
          onChange={(e) => setBody({ ...body, name: e.currentTarget.value })}
          size="md"
        />
        <Textarea
          label={UI.description}
          value={body.description}
          onChange={(e) => setBody({ ...body, description: e.currentTarget.value })}
          autosize
          minRows={1}
        />
        <Checkbox.Group
          label={UI.areas}
          value={body.areas}
          onChange={(areas) => setBody(APPLICATIONS.reduce((b, a) => toggleArea(b, a, areas.includes(a)), body))}
        >
          <Group gap="lg" mt={4}>
            {APPLICATIONS.map((area) => (
              <Checkbox key={area} value={area} label={area} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label={UI.rights}
          value={body.rights}
          onChange={(rights) => setBody({ ...body, rights: SYSTEM_RIGHTS.filter((r) => rights.includes(r)) })}
        >
          <Stack gap={6} mt={4}>
            {SYSTEM_RIGHTS.map((right) => (
              <Checkbox key={right} value={right} label={RIGHT_LABELS[right]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Accordion multiple variant="separated" defaultValue={body.areas.length ? [...body.areas] : ['LDC']}>
          {APPLICATIONS.map((area) => (
            <Accordion.Item key={area} value={area}>
              <Accordion.Control>{`${UI.modules}: ${area}`}</Accordion.Control>
              <Accordion.Panel>
                <ModuleTree area={area} body={body} onChange={setBody} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {UI.save}
        </Button>
      </Stack>
    </form>
  );
}
