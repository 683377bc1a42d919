import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TOOL_NEEDS } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { LABEL_UI } from '../../../config/labels.ts';
import { REPACK_PAGES } from '../../../config/navigation.ts';
import { NewUnitForm, type NewUnitType } from '../../../components/ui/new-unit-form.tsx';
import { useCan } from '../../../lib/can.ts';
import { LabelPrintForm } from './label-print-form.tsx';

/**
 * /rdc/createPallet, 'Repack - Create Pallet' (tile 'Create New Pallet SSCC'): a new empty pallet or
 * carton with a new SSCC of the chosen warehouse (decision 0030), then its label, or 'Edit pallet': its
 * repack (decision 0049), each shown to holders of its action (decision 0057).
 */
export function CreatePalletPage({ area }: { area: Area }) {
  const [created, setCreated] = useState<{ sscc: string; type: NewUnitType } | null>(null);
  const mayRepack = useCan({ application: area, ...TOOL_NEEDS.repackMove });
  const mayPrint = useCan({ application: area, ...TOOL_NEEDS.print });

  return (
    <Stack gap="sm">
      <NewUnitForm area={area} initialType="PLT" labels={LABEL_UI} onCreated={setCreated} />
      {created && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Alert color="green" role="status">
              {message('PALLET_CREATED', { type: created.type === 'PLT' ? LABEL_UI.pallet : LABEL_UI.carton, sscc: created.sscc })}
            </Alert>
            <Title order={2} size="h4">
              {LABEL_UI.newSscc}
            </Title>
            <Text ff="monospace" size="xl" data-testid="new-sscc">
              {created.sscc}
            </Text>
            {mayRepack && (
              <Button component={Link} to={REPACK_PAGES.open(created.sscc)} variant="light">
                {LABEL_UI.editPallet}
              </Button>
            )}
            {mayPrint && <LabelPrintForm key={created.sscc} area={area} sscc={created.sscc} />}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
