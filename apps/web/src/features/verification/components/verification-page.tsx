import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { VERIFICATION_LIST_LIMIT } from '../../../lib/api/contract/verification.ts';
import { fillLabel, VERIFICATION_UI } from '../../../config/labels.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useVerificationRequests } from '../api/verification-api.ts';
import { filterFromQuery, queryFromFilter, type RequestsFilter } from '../requests-filter.ts';
import { RequestCard } from './request-card.tsx';
import { RequestsFilterForm } from './requests-filter-form.tsx';

/**
 * /rdc/verification and /ldc/verification, 'Verification' (issue 28, decision 0081): the requests sent to
 * the national verification system (NMVS, VRS) of the area's warehouses, newest first, each with its
 * outcome, the system's return code and message and the alert id; all, the alerts or the pending ones,
 * of a period. The filter is the page's query, so Back and a link bring it again.
 */
export function VerificationPage({ area }: { area: Area }) {
  const [query, setQuery] = useSearchParams();
  const filter = filterFromQuery(query);
  const requests = useVerificationRequests(filter, area);

  const show = (next: RequestsFilter) => {
    const nextQuery = queryFromFilter(next);
    // The same filter again reads the list again (a pending request may have been answered since).
    if (nextQuery.toString() === queryFromFilter(filter).toString()) void requests.refetch();
    else setQuery(nextQuery);
  };

  return (
    <Stack gap="sm">
      <RequestsFilterForm key={query.toString()} filter={filter} onApply={show} />
      <QueryState query={requests}>
        {({ data }) =>
          data.length === 0 ? (
            <Text ta="center" c="dimmed" py="xl" role="status">
              {VERIFICATION_UI.empty}
            </Text>
          ) : (
            <Stack gap="xs" component="section" aria-label={VERIFICATION_UI.requests}>
              <Text size="sm" c="dimmed" role="status">
                {fillLabel(VERIFICATION_UI.count, { count: String(data.length) })}
                {data.length >= VERIFICATION_LIST_LIMIT &&
                  ` ${fillLabel(VERIFICATION_UI.limited, { count: String(VERIFICATION_LIST_LIMIT) })}`}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="xs">
                {data.map((request) => (
                  <RequestCard key={request.id} request={request} area={area} />
                ))}
              </SimpleGrid>
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
