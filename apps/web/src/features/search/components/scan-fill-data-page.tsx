import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { SCAN_FILL_UI } from '../../../config/labels.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { localDay } from '../../../lib/local-day.ts';
import { useSearchSscc } from '../api/search-sscc.ts';
import { useSerialSearch } from '../api/serial-search.ts';
import { readLabel } from '../label-fields.ts';
import { SearchResults } from './search-results.tsx';

/**
 * /ldc/scanFillData, 'Scan Fill Data' (decision 0028): scan any label and the page fills in what it
 * carries, field by field (AI, name, value), then the unit it names as this site's records have it
 * (state, warehouse, link to its page). The code stays in the URL (?code=) for back and links.
 */
export function ScanFillDataPage({ area }: { area: Area }) {
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const reading = code ? readLabel(code, localDay()) : undefined;
  const target = reading?.ok ? reading.target : undefined;
  const bySscc = useSearchSscc(target?.kind === 'sscc' ? target.code : undefined, area);
  const bySerial = useSerialSearch(target?.kind === 'serial' ? target.code : undefined, area);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {SCAN_FILL_UI.intro}
      </Text>
      <ScanField
        label={SCAN_FILL_UI.scanLabel}
        placeholder={SCAN_FILL_UI.scanPlaceholder}
        submitLabel={SCAN_FILL_UI.read}
        error={reading && !reading.ok ? reading.message : undefined}
        onScan={(raw) => setParams({ code: raw.trim() })}
      />
      {reading?.ok && (
        <>
          <Text size="sm">
            {SCAN_FILL_UI.format}: {reading.format}
          </Text>
          <Table aria-label={SCAN_FILL_UI.field} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{SCAN_FILL_UI.ai}</Table.Th>
                <Table.Th>{SCAN_FILL_UI.field}</Table.Th>
                <Table.Th>{SCAN_FILL_UI.value}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reading.fields.map((f, i) => (
                <Table.Tr key={`${f.ai}-${i}`}>
                  <Table.Td>({f.ai})</Table.Td>
                  <Table.Td>{f.name}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{f.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h5">
            {SCAN_FILL_UI.unit}
          </Title>
          {target?.kind === 'sscc' && <SearchResults query={bySscc} area={area} />}
          {target?.kind === 'serial' && <SearchResults query={bySerial} area={area} />}
          {target?.kind === 'invalid' && (
            <Alert color="gray" variant="light" role="status">
              {SCAN_FILL_UI.noUnit}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
