import { useState } from 'react';
import { Button, Center, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE, type FamilyLabels } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import type { DocumentSummary } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import type { DocumentList } from '../api/get-document-list.ts';
import { checkSearchWord, pageCount } from '../list-query.ts';
import { DocumentCard } from './document-card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';

/** A list's search field: the word is checked as the spec's search rules ask before the list is asked again. */
export function ListSearchForm({
  placeholder,
  initial,
  onSearch,
}: {
  placeholder: string;
  initial: string;
  onSearch: (word: string | undefined) => void;
}) {
  const [word, setWord] = useState(initial);
  const [wordError, setWordError] = useState<string | undefined>();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const check = checkSearchWord(word);
        setWordError(check.ok ? undefined : check.message);
        if (check.ok) onSearch(word.trim() || undefined);
      }}
    >
      {/* The button beside the field, as wide as its word: inside the field's fixed end a longer language's was cut off. */}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={placeholder}
          placeholder={placeholder}
          type="search"
          value={word}
          onChange={(event) => setWord(event.currentTarget.value)}
          error={wordError}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light">
          {DOCUMENT_UI.search}
        </Button>
      </Group>
    </form>
  );
}

interface DocumentResultsProps {
  list: UseQueryResult<DocumentList, Error>;
  /** The labels the cards read (the number's name). */
  labels: FamilyLabels;
  /** What the empty state calls the documents ('inbound documents', 'Dispatch+ documents' …). */
  documents: string;
  /** Whether a search or filter narrows the list (the empty state then says no results). */
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
  details: (number: string) => string;
  /** How one document is shown: the documents' card, unless a family has its own (a count's, decision 0080). */
  card?: ComponentType<{ document: DocumentSummary; labels: FamilyLabels; to: string }>;
}

/** One page of a list as every list shows it: loading, its error, its empty state, or the cards and the pages. */
export function DocumentResults({
  list,
  labels,
  documents,
  filtered,
  page,
  onPage,
  details,
  card: Card = DocumentCard,
}: DocumentResultsProps) {
  return (
    <QueryState query={list}>
      {(found) =>
        found.data.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl" role="status">
            {filtered ? message('NO_RESULTS') : message('NO_DOCUMENTS', { documents })}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {fillLabel(DOCUMENT_UI.documentsFound, { total: String(found.total) })}
            </Text>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {found.data.map((document) => (
                <li key={document.number}>
                  <Card document={document} labels={labels} to={details(document.number)} />
                </li>
              ))}
            </Stack>
            {found.total > PAGE_SIZE && (
              <Center>
                <Pagination
                  total={pageCount(found.total, found.pageSize)}
                  value={page}
                  onChange={onPage}
                  siblings={0}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? DOCUMENT_UI.previous : control === 'next' ? DOCUMENT_UI.next : control,
                  })}
                />
              </Center>
            )}
          </>
        )
      }
    </QueryState>
  );
}
