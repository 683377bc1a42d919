import { Card } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { LabelPrintForm } from './label-print-form.tsx';

/** /rdc/printLabel, 'Print new label': the label of any SSCC of the area, printed again (decision 0031); ?sscc= fills the field. */
export function PrintLabelPage({ area }: { area: Area }) {
  const initial = useSearchParams()[0].get('sscc') ?? undefined;
  return (
    <Card withBorder padding="md">
      <LabelPrintForm key={initial} area={area} initial={initial} />
    </Card>
  );
}
