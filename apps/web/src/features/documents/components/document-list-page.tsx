import { useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { useDocumentList } from '../api/get-document-list.ts';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { listSearchParams, readListQuery } from '../list-query.ts';
import { DocumentResults, ListSearchForm } from './document-results.tsx';
import type { DocumentPageProps } from '../types.ts';
import { ListFilters } from './list-filters.tsx';

/**
 * A family's list ('Receiving', 'Dispatch', 'Return', 'Scrapping Note List'; locally 'IBD List' …):
 * the area's documents, 20 a page, searchable, filtered by status and date, sorted (spec points 3 and 9).
 * `toolbar` is what the route puts above it (the local dispatch list's list type switch).
 */
export function DocumentListPage({ area, family, paths, toolbar }: DocumentPageProps & { toolbar?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const can = useDocumentPermissions(family, area);
  const list = useDocumentList(family, query, area);
  const { labels } = family;
  const [filtersOpen, setFiltersOpen] = useState(false);

  const go = (next: ListQuery) => setParams(listSearchParams(next, { compact: true }));
  const filtered = Boolean(query.search || query.status || query.from);

  return (
    <Stack gap="sm">
      {toolbar}
      <ListSearchForm
        placeholder={labels.searchPlaceholder}
        initial={query.search ?? ''}
        onSearch={(search) => go({ ...query, page: 1, search })}
      />
      <Group justify="space-between" gap="xs">
        {can.filter ? (
          <Button variant={filtersOpen ? 'filled' : 'default'} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen}>
            {DOCUMENT_UI.filter}
          </Button>
        ) : (
          <span />
        )}
        {can.scan && (
          <Button component={Link} to={paths.scanDocument}>
            {labels.scanNumber}
          </Button>
        )}
      </Group>
      {can.filter && filtersOpen && (
        <ListFilters
          query={query}
          sortNumber={labels.sortNumber}
          onApply={(change) => {
            go({ ...query, ...change, page: 1 });
            setFiltersOpen(false);
          }}
        />
      )}
      <DocumentResults
        list={list}
        labels={labels}
        documents={labels.documents}
        filtered={filtered}
        page={query.page}
        onPage={(page) => go({ ...query, page })}
        details={paths.details}
      />
    </Stack>
  );
}
