import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { LiteFamily } from '@pharma/domain';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { useCan } from '../../../lib/can.ts';
import { useDocumentList } from '../api/get-document-list.ts';
import { DocumentResults, ListSearchForm } from '../components/document-results.tsx';
import { ListFilters } from '../components/list-filters.tsx';
import { listSearchParams, readListQuery } from '../list-query.ts';
import { LiteCreateForm } from './lite-create-form.tsx';
import type { LitePaths } from './lite-paths.ts';

/**
 * A lite family's list (/ldc/liteLists/{moduleType}): its documents with the spec's search placeholder,
 * card header and status filters, 20 a page; and the form that creates one, for users who may build them.
 */
export function LiteListPage({ lite, paths }: { lite: LiteFamily; paths: LitePaths }) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const list = useDocumentList(lite.family, query, 'LDC');
  const mayCreate = useCan({ application: 'LDC', module: lite.module, feature: 'CreateMaterialBatch' });
  const mayFilter = useCan({ application: 'LDC', module: lite.module, action: 'Filter' });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const labels = { ...lite.family.labels, number: lite.labels.card };
  const go = (next: ListQuery) => setParams(listSearchParams(next, { compact: true }));
  const filtered = Boolean(query.search || query.status || query.from);

  return (
    <Stack gap="sm">
      {mayCreate && <LiteCreateForm lite={lite} paths={paths} />}
      <ListSearchForm
        placeholder={lite.labels.searchPlaceholder}
        initial={query.search ?? ''}
        onSearch={(search) => go({ ...query, page: 1, search })}
      />
      {mayFilter && (
        <Button
          variant={filtersOpen ? 'filled' : 'default'}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          w="fit-content"
        >
          {DOCUMENT_UI.filter}
        </Button>
      )}
      {mayFilter && filtersOpen && (
        <ListFilters
          query={query}
          sortNumber={lite.labels.card}
          onApply={(change) => {
            go({ ...query, ...change, page: 1 });
            setFiltersOpen(false);
          }}
        />
      )}
      <DocumentResults
        list={list}
        labels={labels}
        documents={`${lite.name} documents`}
        filtered={filtered}
        page={query.page}
        onPage={(page) => go({ ...query, page })}
        details={paths.details}
      />
    </Stack>
  );
}
