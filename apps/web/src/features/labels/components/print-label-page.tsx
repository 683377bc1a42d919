import { Card } from '@mantine/core';
import type { Area } from '@pharma/domain/contract/inventory';
import { LabelPrintForm } from './label-print-form.tsx';

/** /rdc/printLabel, 'Print new label': the label of any SSCC of the area, printed again (decision 0031). */
export function PrintLabelPage({ area }: { area: Area }) {
  return (
    <Card withBorder padding="md">
      <LabelPrintForm area={area} />
    </Card>
  );
}
