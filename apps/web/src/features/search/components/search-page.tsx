import { useState } from 'react';
import { Anchor, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { SEARCH_UI } from '../../../config/labels.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { localDay } from '../../../lib/local-day.ts';
import { useSearchSscc } from '../api/search-sscc.ts';
import { useSerialSearch } from '../api/serial-search.ts';
import { searchTarget } from '../search-target.ts';
import { SearchResults } from './search-results.tsx';
import type { PackAction } from './unit-card.tsx';

/**
 * /rdc/searchPage and /ldc/searchPageLDC, 'Search': one field for an SSCC or a pack code (a raw
 * scan). The browser decodes it and asks searchSSCC or serialSearch in the area; the code stays in
 * the URL (?code=) for back and links. A pack's card offers the actions the app passes in (Verify pack).
 */
export function SearchPage({ area, packAction }: { area: Area; packAction?: PackAction }) {
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const [error, setError] = useState<string | undefined>();
  const target = code ? searchTarget(code, localDay()) : undefined;
  const bySscc = useSearchSscc(target?.kind === 'sscc' ? target.code : undefined, area);
  const bySerial = useSerialSearch(target?.kind === 'serial' ? target.code : undefined, area);

  const run = (raw: string) => {
    const next = searchTarget(raw, localDay());
    if (next.kind === 'invalid') {
      setError(next.message);
      return;
    }
    setError(undefined);
    setParams({ code: raw.trim() });
  };

  return (
    <Stack gap="sm">
      <ScanField
        label={SEARCH_UI.searchLabel}
        placeholder={SEARCH_UI.searchPlaceholder}
        submitLabel={SEARCH_UI.search}
        error={error ?? (target?.kind === 'invalid' ? target.message : undefined)}
        onScan={run}
      />
      {target?.kind === 'sscc' && <SearchResults query={bySscc} area={area} />}
      {target?.kind === 'serial' && <SearchResults query={bySerial} area={area} packAction={packAction} scanned={code} />}
      {area === 'LDC' && (
        // The local label reader (decision 0028): every field a label carries, then the unit it names.
        <Anchor component={Link} to="/ldc/scanFillData" size="sm">
          {SEARCH_UI.readLabel}
        </Anchor>
      )}
    </Stack>
  );
}
