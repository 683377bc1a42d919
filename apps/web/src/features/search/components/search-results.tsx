import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { ApiError } from '../../../lib/api-client.ts';
import type { SearchAnswer } from '../api/search-sscc.ts';
import { UnitCard, type PackAction } from './unit-card.tsx';

/** Loading, 'No results found' (an unknown code included), an error, or one card per unit. */
export function SearchResults({
  query,
  area,
  packAction,
  scanned,
}: {
  query: UseQueryResult<SearchAnswer>;
  area: Area;
  packAction?: PackAction;
  /** The scan searched for, handed to each card's pack action. */
  scanned?: string;
}) {
  if (query.isPending) {
    return query.fetchStatus === 'idle' ? null : (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (query.isError && !notFound) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  const units = query.data?.data ?? [];
  if (units.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {message('NO_RESULTS')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {units.map((unit) => (
        <UnitCard
          key={`${unit.type}-${unit.sscc ?? ''}-${unit.gtin ?? ''}-${unit.serial ?? ''}`}
          unit={unit}
          area={area}
          packAction={packAction}
          scanned={scanned}
        />
      ))}
    </Stack>
  );
}
