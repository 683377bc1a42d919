import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { message, PAGE_SIZE } from '@pharma/domain';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { useDocumentList } from '../api/get-document-list.ts';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { checkSearchWord, listSearchParams, pageCount, readListQuery } from '../list-query.ts';
import { DocumentCard } from './document-card.tsx';
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
  const [word, setWord] = useState(query.search ?? '');
  const [wordError, setWordError] = useState<string | undefined>();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const go = (next: ListQuery) => setParams(listSearchParams(next, { compact: true }));
  const filtered = Boolean(query.search || query.status || query.from);

  const search = () => {
    const check = checkSearchWord(word);
    if (!check.ok) {
      setWordError(check.message);
      return;
    }
    setWordError(undefined);
    go({ ...query, page: 1, search: word.trim() || undefined });
  };

  return (
    <Stack gap="sm">
      {toolbar}
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <TextInput
          aria-label={labels.searchPlaceholder}
          placeholder={labels.searchPlaceholder}
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
          {filtered ? message('NO_RESULTS') : message('NO_DOCUMENTS', { documents: labels.documents })}
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
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? DOCUMENT_UI.previous : control === 'next' ? DOCUMENT_UI.next : control,
                })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
