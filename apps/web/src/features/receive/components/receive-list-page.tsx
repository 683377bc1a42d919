import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { message, PAGE_SIZE } from '@pharma/domain';
import type { Area, ListQuery } from '@pharma/domain/contract/inventory';
import { fillLabel, RECEIVE_UI } from '../../../config/labels.ts';
import { useIbdList } from '../api/get-ibd-list.ts';
import { RECEIVE_PATHS } from '../area.ts';
import { useReceivePermissions } from '../hooks/use-receive-permissions.ts';
import { checkSearchWord, listSearchParams, pageCount, readListQuery } from '../list-query.ts';
import { IbdCard } from './ibd-card.tsx';
import { ListFilters } from './list-filters.tsx';

/** /rdc/ibdList ('Receiving') and /ldc/ibdList ('IBD List'): the area's inbound documents, 20 a page, searchable and filtered. */
export function ReceiveListPage({ area }: { area: Area }) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const can = useReceivePermissions(area);
  const list = useIbdList(query, area);
  const paths = RECEIVE_PATHS[area];
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
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <TextInput
          aria-label={RECEIVE_UI.searchIbdPlaceholder}
          placeholder={RECEIVE_UI.searchIbdPlaceholder}
          type="search"
          value={word}
          onChange={(event) => setWord(event.currentTarget.value)}
          error={wordError}
          rightSectionWidth={84}
          rightSection={
            <Button type="submit" size="compact-md" variant="light">
              {RECEIVE_UI.search}
            </Button>
          }
        />
      </form>
      <Group justify="space-between" gap="xs">
        {can.filter ? (
          <Button variant={filtersOpen ? 'filled' : 'default'} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen}>
            {RECEIVE_UI.filter}
          </Button>
        ) : (
          <span />
        )}
        {can.scan && (
          <Button component={Link} to={paths.scanDocument}>
            {RECEIVE_UI.scanIbdNo}
          </Button>
        )}
      </Group>
      {can.filter && filtersOpen && (
        <ListFilters
          query={query}
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
          {filtered ? message('NO_RESULTS') : message('NO_DOCUMENTS', { documents: RECEIVE_UI.inboundDocuments })}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {fillLabel(RECEIVE_UI.documentsFound, { total: String(list.data.total) })}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.data.map((document) => (
              <li key={document.number}>
                <IbdCard document={document} to={paths.details(document.number)} />
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
                  'aria-label': control === 'previous' ? RECEIVE_UI.previous : control === 'next' ? RECEIVE_UI.next : control,
                })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
