import { useState } from 'react';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { readSsccInput } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, LABEL_UI } from '../../../config/labels.ts';
import { localDay } from '../../../lib/local-day.ts';
import { useLabelPrinters, usePrintLabel } from '../api/labels-api.ts';

type Output = 'PDF' | 'ZPL203' | 'ZPL300';
const DOWNLOAD = '';

/** An SSCC typed (18 digits) or scanned (any GS1 code with (00)); undefined when it is neither. */
function ssccOf(input: string): string | undefined {
  const read = readSsccInput(input, localDay());
  return read.ok ? read.sscc : undefined;
}

/**
 * Prints the GS1 logistic label of an SSCC (decision 0031): as a PDF or ZPL file, or straight to a
 * network printer of the area's warehouses. With `sscc` the code is fixed (a pallet just created);
 * `initial` only fills the field (a link naming an SSCC, the repack view's 'Print its label').
 */
export function LabelPrintForm({ area, sscc: fixed, initial }: { area: Area; sscc?: string; initial?: string }) {
  const [code, setCode] = useState(fixed ?? initial ?? '');
  const [output, setOutput] = useState<Output>('PDF');
  const [printer, setPrinter] = useState(DOWNLOAD);
  /** Why the SSCC entered is not one (its digits, its check digit), after a submit. */
  const [invalid, setInvalid] = useState<string | undefined>();
  const printers = useLabelPrinters(area);
  const print = usePrintLabel(area);
  const toPrinter = printer !== DOWNLOAD;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const read = fixed ? ({ ok: true, sscc: fixed } as const) : readSsccInput(code, localDay());
        setInvalid(read.ok ? undefined : read.message);
        if (!read.ok) return;
        const { sscc } = read;
        const format = toPrinter || output !== 'PDF' ? 'ZPL' : 'PDF';
        const dpi = output === 'ZPL300' ? 300 : 203;
        print.mutate({ sscc, format, ...(format === 'ZPL' ? { dpi } : {}), ...(toPrinter ? { printer } : {}) });
      }}
    >
      <Stack gap="sm">
        {!fixed && (
          <TextInput
            label={LABEL_UI.sscc}
            description={LABEL_UI.ssccHint}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={invalid}
            autoComplete="off"
            required
          />
        )}
        <Select
          label={LABEL_UI.printer}
          data={[
            { value: DOWNLOAD, label: LABEL_UI.noPrinter },
            ...(printers.data ?? []).map((p) => ({ value: p.name, label: `${p.name} (${p.warehouseNo})` })),
          ]}
          value={printer}
          onChange={(value) => setPrinter(value ?? DOWNLOAD)}
          allowDeselect={false}
        />
        <Select
          label={LABEL_UI.format}
          data={[
            ...(toPrinter ? [] : [{ value: 'PDF', label: LABEL_UI.pdf }]),
            { value: 'ZPL203', label: LABEL_UI.zpl203 },
            { value: 'ZPL300', label: LABEL_UI.zpl300 },
          ]}
          value={toPrinter && output === 'PDF' ? 'ZPL203' : output}
          onChange={(value) => setOutput((value as Output | null) ?? 'PDF')}
          allowDeselect={false}
        />
        <Button type="submit" loading={print.isPending}>
          {fixed ? fillLabel(LABEL_UI.printLabelOf, { sscc: fixed }) : LABEL_UI.print}
        </Button>
        {print.isError && (
          <Alert color="red" role="alert">
            {print.error.message}
          </Alert>
        )}
        {print.isSuccess && (
          <Alert color="green" role="status">
            {print.data.kind === 'sent'
              ? message('LABEL_PRINTED', { sscc: fixed ?? ssccOf(code) ?? '', printer: print.data.printer })
              : fillLabel(LABEL_UI.downloaded, { sscc: fixed ?? ssccOf(code) ?? '', file: print.data.file })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
