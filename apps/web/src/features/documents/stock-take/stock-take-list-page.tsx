import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { STOCK_TAKE_PAGES } from '../../../config/navigation.ts';
import { useDocumentList } from '../api/get-document-list.ts';
import { DocumentResults, ListSearchForm } from '../components/document-results.tsx';
import { ListFilters } from '../components/list-filters.tsx';
import { listSearchParams, readListQuery } from '../list-query.ts';
import type { DocumentPageProps } from '../types.ts';
import { StockTakeCard } from './stock-take-card.tsx';
import { useStockTakePermissions } from './use-stock-take-permissions.ts';

/**
 * /rdc/stockTakeList and /ldc/stockTakeList, 'Stock Take': the area's counts from the engine's list
 * (the family's `api.list`), 20 a page, searchable, filtered by status and date, as every family's list
 * is; 'New count' for holders of CreateCount, 'Scan' for holders of Count. The filters are offered to
 * everyone who sees the list: the module has no Filter action (decision 0080).
 */
export function StockTakeListPage({ area, family, paths }: DocumentPageProps) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const can = useStockTakePermissions(area);
  const list = useDocumentList(family, query, area);
  const { labels } = family;
  const [filtersOpen, setFiltersOpen] = useState(false);

  const go = (next: ListQuery) => setParams(listSearchParams(next, { compact: true }));
  const filtered = Boolean(query.search || query.status || query.from);

  return (
    <Stack gap="sm">
      <ListSearchForm
        placeholder={labels.searchPlaceholder}
        initial={query.search ?? ''}
        onSearch={(search) => go({ ...query, page: 1, search })}
      />
      <Group justify="space-between" gap="xs">
        <Button variant={filtersOpen ? 'filled' : 'default'} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen}>
          {DOCUMENT_UI.filter}
        </Button>
        <Group gap="xs">
          {can.count && (
            <Button variant="default" component={Link} to={paths.scanDocument}>
              {T.scanCount}
            </Button>
          )}
          {can.create && (
            <Button component={Link} to={STOCK_TAKE_PAGES.create(area)}>
              {T.newCount}
            </Button>
          )}
        </Group>
      </Group>
      {filtersOpen && (
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
        card={StockTakeCard}
        filtered={filtered}
        page={query.page}
        onPage={(page) => go({ ...query, page })}
        details={paths.details}
      />
    </Stack>
  );
}
