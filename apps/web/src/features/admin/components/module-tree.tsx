import { Checkbox, Chip, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { AREA_MODULES, MODULE_ACTIONS, MODULE_FEATURES, type Application, type ModuleCode } from '@pharma/domain';
import type { RoleBody } from '@pharma/domain/contract/admin';
import { ACTION_LABELS, FEATURE_LABELS, UI } from '../../../config/labels.ts';
import { findGrant, setEverything, toggleAction, toggleFeature } from '../role-draft.ts';

interface TreeProps {
  area: Application;
  body: RoleBody;
  onChange: (body: RoleBody) => void;
}

/**
 * One module: "Everything" (isCompletelyPermitted), else its features, and under each granted
 * feature its actions, each in words (the API keeps the codes). Only what the module can have is
 * offered (packages/domain/permissions.ts).
 */
function ModuleGrantEditor({ area, module, body, onChange }: TreeProps & { module: ModuleCode }) {
  const grant = findGrant(body, area, module);
  const everything = grant?.isCompletelyPermitted ?? false;
  const actions = MODULE_ACTIONS[module];
  return (
    <Paper withBorder p="xs" role="group" aria-label={`${area} ${module}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {module}
        </Text>
        <Switch
          label={UI.everything}
          labelPosition="left"
          checked={everything}
          onChange={(e) => onChange(setEverything(body, area, module, e.currentTarget.checked))}
        />
      </Group>
      {!everything && (
        <Stack gap={6} mt={6}>
          {MODULE_FEATURES[module].map((feature) => {
            const granted = grant?.features.find((f) => f.feature === feature);
            return (
              <div key={feature}>
                <Checkbox
                  label={FEATURE_LABELS[feature]}
                  checked={granted !== undefined}
                  onChange={(e) => onChange(toggleFeature(body, area, module, feature, e.currentTarget.checked))}
                />
                {granted && actions.length > 0 && (
                  <Group gap={4} mt={4} ml={28} role="group" aria-label={`${FEATURE_LABELS[feature]}: ${UI.actions}`}>
                    {actions.map((action) => (
                      <Chip
                        key={action}
                        size="xs"
                        checked={granted.actions.includes(action)}
                        onChange={(on) => onChange(toggleAction(body, area, module, feature, action, on))}
                      >
                        {ACTION_LABELS[action]}
                      </Chip>
                    ))}
                  </Group>
                )}
              </div>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** Every module of an area with its grant editor. */
export function ModuleTree({ area, body, onChange }: TreeProps) {
  return (
    <Stack gap="xs">
      {AREA_MODULES[area].map((module) => (
        <ModuleGrantEditor key={module} area={area} module={module} body={body} onChange={onChange} />
      ))}
    </Stack>
  );
}
