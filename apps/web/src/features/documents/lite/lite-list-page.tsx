import { useState } from 'react';
import { Alert, Button, Center, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { message, PAGE_SIZE, type LiteFamily } from '@pharma/domain';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { useCan } from '../../../lib/can.ts';
import { useDocumentList } from '../api/get-document-list.ts';
import { DocumentCard } from '../components/document-card.tsx';
import { ListFilters } from '../components/list-filters.tsx';
import { checkSearchWord, listSearchParams, pageCount, readListQuery } from '../list-query.ts';
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
  const [word, setWord] = useState(query.search ?? '');
  const [wordError, setWordError] = useState<string | undefined>();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const labels = { ...lite.family.labels, number: lite.labels.card };
  const go = (next: ListQuery) => setParams(listSearchParams(next, { compact: true }));
  const filtered = Boolean(query.search || query.status || query.from);

  return (
    <Stack gap="sm">
      {mayCreate && <LiteCreateForm lite={lite} paths={paths} />}
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const check = checkSearchWord(word);
          setWordError(check.ok ? undefined : check.message);
          if (check.ok) go({ ...query, page: 1, search: word.trim() || undefined });
        }}
      >
        <TextInput
          aria-label={lite.labels.searchPlaceholder}
          placeholder={lite.labels.searchPlaceholder}
          type="search"
          value={word}
          onChange={(event) => setWord(event.currentTarget.value)}
          error={wordError}
          rightSectionWidth={84}
          rightSection={
            <Button type="submit" size="compact-md" variant="light">
              {DOCUMENT_UI.search}
            </Button>
          }
        />
      </form>
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
      {list.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" role="status">
          {filtered ? message('NO_RESULTS') : message('NO_DOCUMENTS', { documents: `${lite.name} documents` })}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {fillLabel(DOCUMENT_UI.documentsFound, { total: String(list.data.total) })}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.data.map((document) => (
              <li key={document.number}>
                <DocumentCard document={document} labels={labels} to={paths.details(document.number)} />
              </li>
            ))}
          </Stack>
          {list.data.total > PAGE_SIZE && (
            <Center>
              <Pagination
                total={pageCount(list.data.total, list.data.pageSize)}
                value={query.page}
                onChange={(page) => go({ ...query, page })}
                siblings={0}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
