import { Alert, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { SEARCH_UI } from '../../../config/labels.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { packCode, ssccCode } from '../../../lib/unit-codes.ts';
import { useSearchSscc } from '../api/search-sscc.ts';
import { useSerialSearch } from '../api/serial-search.ts';
import { UnitCard, UnitChildren, type PackAction } from './unit-card.tsx';

/** 'item' is the local /ldc/itemDetails/{sscc}: a pallet or carton with its contents on one page. */
export type UnitPageKind = 'pallet' | 'carton' | 'pack' | 'item';
export type UnitPageTab = 'detail' | 'list';

const TAB_PATHS: Record<'pallet' | 'carton', Record<UnitPageTab, string>> = {
  pallet: { detail: '/rdc/pallet/palletDetails/palletDetail', list: '/rdc/pallet/palletDetails/cartonList' },
  carton: { detail: '/rdc/carton/cartonDetails/cartonDetail', list: '/rdc/carton/cartonDetails/packList' },
};
const TAB_LABELS = {
  pallet: { detail: SEARCH_UI.palletDetail, list: SEARCH_UI.cartonList },
  carton: { detail: SEARCH_UI.cartonDetail, list: SEARCH_UI.packList },
} as const;

/** The code the page names: /rdc/pallet/{sscc}, /rdc/carton/{cartsscc}, ?sscc= on the tab routes, ?gtin=&serial= for a pack. */
function useUnitCode(kind: UnitPageKind): { sscc?: string; pack?: string } {
  const params = useParams();
  const [search] = useSearchParams();
  if (kind === 'pack') {
    const gtin = search.get('gtin');
    const serial = search.get('serial');
    return gtin && serial ? { pack: packCode(gtin, serial) } : {};
  }
  const sscc = (kind === 'carton' ? params.cartsscc : params.sscc) ?? search.get('sscc') ?? '';
  return sscc ? { sscc: ssccCode(sscc) } : {};
}

/**
 * Pallet Details (detail and carton list), Carton Details (detail and pack list) and Pack detail,
 * all read from the search API. The tabs are the spec's sub-routes, carrying the SSCC as ?sscc=.
 * Locally, Item Details shows a pallet or carton with its contents, each linking to the local pages.
 * A pack's card offers the actions the app passes in (Verify pack).
 */
export function UnitPage({
  kind,
  area,
  tab = 'detail',
  packAction,
}: {
  kind: UnitPageKind;
  area: Area;
  tab?: UnitPageTab;
  packAction?: PackAction;
}) {
  const code = useUnitCode(kind);
  const bySscc = useSearchSscc(code.sscc, area);
  const byPack = useSerialSearch(code.pack, area);
  const query = kind === 'pack' ? byPack : bySscc;
  const navigate = useNavigate();
  const { search } = useLocation();

  if (!code.sscc && !code.pack) {
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {message('NO_RESULTS')}
      </Text>
    );
  }
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const unit = query.data?.data[0];
  if (!unit) {
    const notFound = !query.isError || (query.error instanceof ApiError && query.error.status === 404);
    return notFound ? (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {message('NO_RESULTS')}
      </Text>
    ) : (
      <Alert color="red" role="alert">
        {query.error?.message}
      </Alert>
    );
  }
  if (kind === 'pack' || kind === 'item' || !unit.sscc) return <UnitCard unit={unit} area={area} packAction={packAction} />;

  const paths = TAB_PATHS[kind];
  const labels = TAB_LABELS[kind];
  const query$ = `?${new URLSearchParams({ sscc: unit.sscc })}`;
  return (
    <Stack gap="sm">
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`${paths[value as UnitPageTab]}${query$}`, { replace: Boolean(search) })}
      >
        <Tabs.List grow>
          <Tabs.Tab value="detail">{labels.detail}</Tabs.Tab>
          <Tabs.Tab value="list">{labels.list}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'detail' ? (
        <UnitCard unit={unit} area={area} hideChildren />
      ) : unit.children.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" role="status">
          {message('NO_RESULTS')}
        </Text>
      ) : (
        <UnitChildren unit={unit} area={area} title={labels.list} />
      )}
    </Stack>
  );
}
