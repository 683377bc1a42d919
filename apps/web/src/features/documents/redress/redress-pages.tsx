import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { message } from '../../../i18n/language.ts';
import type { CartonsResponse } from '@pharma/domain/contract/redress';
import type { RedressPageKey } from '../../../config/routes.ts';
import { DOCUMENT_UI, fillLabel, REDRESS_UI } from '../../../config/labels.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/can.ts';
import { localDay } from '../../../lib/local-day.ts';
import { useSession } from '../../../lib/session.ts';
import { shownCode } from '../../../lib/shown-code.ts';
import { useDocument } from '../api/get-document.ts';
import { CompleteButton } from '../components/complete-button.tsx';
import { DocumentHeader } from '../components/document-header.tsx';
import { LinesProgress } from '../components/lines-progress.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { totals } from '../lines.ts';
import type { DocumentPageProps } from '../types.ts';
import { useCartonLabel, useCartons, useReplacePack, useSaveBpr, useScanSeries } from './redress-api.ts';
import { redressPath } from './redress-paths.ts';
import { ReopenButton } from './reopen-button.tsx';

type Carton = CartonsResponse['data'][number];

/** What a failed call says: the server's message, or, when it never arrived, that the scan was not saved (spec point 8). */
function failure(error: Error): string {
  return error instanceof ApiError && error.status === 0 ? message('PREVIOUS_SCANS_NOT_SAVED') : error.message;
}

/** One of the redress pages (decision 0036), on the documents feature: the route's page key picks it. */
export function RedressPage(props: DocumentPageProps & { page: RedressPageKey }) {
  const can = useDocumentPermissions(props.family, props.area);
  const signedIn = useSession().status === 'authenticated';
  if (!can.scan) return signedIn ? <Navigate to="/403" replace /> : null;
  switch (props.page) {
    case 'redressScan':
      return <RedressScanPage {...props} />;
    case 'redressCartonLabel':
      return <CartonLabelPage {...props} />;
    case 'redressSeries':
      return <SeriesPage {...props} />;
    case 'redressReplace':
      return <ReplacePage {...props} />;
  }
}

/** A carton as the PO's pages list it: its SSCC, product and how full it is. */
function CartonCard({ carton, action }: { carton: Carton; action?: React.ReactNode }) {
  return (
    <Card withBorder padding="xs" component="li" aria-label={`${REDRESS_UI.cartonCode} ${carton.cartonCode}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
            {REDRESS_UI.cartonCode} {carton.cartonCode}
          </Text>
          <Text size="xs" c="dimmed">
            {carton.materialNo} · {carton.batchNo} · {REDRESS_UI.bprNo} {carton.bprNo}
          </Text>
          <Text size="sm">{fillLabel(REDRESS_UI.cartonProgress, { held: String(carton.visibleQty), qty: String(carton.qty) })}</Text>
        </Stack>
        {/* The button keeps its whole label at 360 px ('Scan packs', never 'Scan pac'): the text beside it wraps instead (issue 27). */}
        {action && <div style={{ flexShrink: 0 }}>{action}</div>}
      </Group>
    </Card>
  );
}

/**
 * The PO's redress scan (/ldc/rrdScanOperation/rrdDocTagging/{bprNo}?docNo=): its BPR No. (entered,
 * or changed with EditBprNo), its cartons, and the ways on: scan a carton label, scan packs into a
 * carton, replace a pack, complete, reopen.
 */
function RedressScanPage({ area, family, paths, number }: DocumentPageProps) {
  const details = useDocument(family, number, area);
  const cartons = useCartons(number, area);
  const can = useDocumentPermissions(family, area);
  const mayEditBpr = useCan({ application: area, module: family.module, action: 'EditBprNo' });
  const saveBpr = useSaveBpr(family, number, area);
  const [editing, setEditing] = useState(false);
  const [bpr, setBpr] = useState('');
  const navigate = useNavigate();
  const params = useParams();
  const saved = details.data?.document.bprNo ?? null;

  // The path names the PO's BPR No. once it has one.
  useEffect(() => {
    const wanted = saved ?? 'new';
    if (details.data && params.bprNo !== wanted)
      void navigate(redressPath(area, 'redressScan', number, { bprNo: wanted }), { replace: true });
  }, [details.data, saved, params.bprNo, navigate, area, number]);

  return (
    <QueryState query={details}>
      {(data) => {
        const completed = data.document.status === 'Completed';
        const sum = totals(data.data);
        const showForm = !completed && (saved === null || editing);
        return (
          <Stack gap="sm">
            <DocumentHeader details={data} labels={family.labels} compact />
            {showForm ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  saveBpr.mutate(bpr, { onSuccess: () => setEditing(false) });
                }}
              >
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={REDRESS_UI.bprNo}
                    placeholder={REDRESS_UI.bprPlaceholder}
                    value={bpr}
                    onChange={(event) => setBpr(event.currentTarget.value)}
                    autoComplete="off"
                  />
                  <Button type="submit" loading={saveBpr.isPending}>
                    {REDRESS_UI.saveBpr}
                  </Button>
                </Group>
              </form>
            ) : (
              <Group justify="space-between">
                <Text>
                  {REDRESS_UI.bprNo} <strong>{saved}</strong>
                </Text>
                {mayEditBpr && !completed && (
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => {
                      setBpr(saved ?? '');
                      setEditing(true);
                    }}
                  >
                    {REDRESS_UI.editBpr}
                  </Button>
                )}
              </Group>
            )}
            {saveBpr.isSuccess && !editing && (
              <Alert color="green" role="status">
                {saveBpr.data.message}
              </Alert>
            )}
            {saveBpr.isError && (
              <Alert color="red" role="alert">
                {failure(saveBpr.error)}
              </Alert>
            )}
            {!completed && (
              <Group gap="xs">
                {saved === null ? (
                  <Button disabled title={REDRESS_UI.enterBprFirst}>
                    {REDRESS_UI.scanCartonLabel}
                  </Button>
                ) : (
                  <Button component={Link} to={redressPath(area, 'redressCartonLabel', number)}>
                    {REDRESS_UI.scanCartonLabel}
                  </Button>
                )}
                <Button variant="default" component={Link} to={redressPath(area, 'redressReplace', number)}>
                  {REDRESS_UI.replacePack}
                </Button>
              </Group>
            )}
            <Group gap="xs">
              {can.complete && (
                <CompleteButton
                  family={family}
                  number={number}
                  area={area}
                  status={data.document.status}
                  scanned={sum.scanned}
                  expected={sum.expected}
                />
              )}
              <ReopenButton family={family} number={number} area={area} completed={completed} />
            </Group>
            <LinesProgress lines={data.data} />
            <Text fw={600}>{REDRESS_UI.cartons}</Text>
            {cartons.data && cartons.data.data.length === 0 && <Text c="dimmed">{REDRESS_UI.noCartons}</Text>}
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {cartons.data?.data.map((carton) => (
                <CartonCard
                  key={carton.id}
                  carton={carton}
                  action={
                    !completed && (
                      <Button size="xs" component={Link} to={redressPath(area, 'redressSeries', number, { carton: carton.cartonCode })}>
                        {REDRESS_UI.scanPacks}
                      </Button>
                    )
                  }
                />
              ))}
            </Stack>
            <Anchor component={Link} to={paths.details(number)}>
              {paths.detailsTitle}
            </Anchor>
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** 'Scan carton label': the label is read and recorded on the PO; then its packs are scanned. */
function CartonLabelPage({ area, family, number }: DocumentPageProps) {
  const label = useCartonLabel(family, number, area);
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Text fw={700}>
        {family.labels.number} {number}
      </Text>
      <ScanField
        camera
        label={REDRESS_UI.cartonLabel}
        placeholder={DOCUMENT_UI.scanPlaceholder}
        submitLabel={DOCUMENT_UI.scan}
        busy={label.isPending}
        onScan={(raw) =>
          label.mutate(raw, {
            onSuccess: (carton) => void navigate(redressPath(area, 'redressSeries', number, { carton: carton.cartonCode })),
          })
        }
      />
      {label.isError && (
        <Alert color="red" role="alert">
          {failure(label.error)}
        </Alert>
      )}
      <Anchor component={Link} to={redressPath(area, 'redressScan', number)}>
        {REDRESS_UI.backToPo}
      </Anchor>
    </Stack>
  );
}

/**
 * 'Scan Code - Series': packs into one carton, by serial (SERIES) or as a count of packs without
 * serials (NON_SERIES), up to the label's quantity. Leaving a carton not yet full asks first.
 */
function SeriesPage({ area, family, number }: DocumentPageProps) {
  const [search] = useSearchParams();
  const cartonCode = search.get('carton') ?? '';
  const cartons = useCartons(number, area);
  const scan = useScanSeries(family, number, area, cartonCode);
  const [mode, setMode] = useState<'SERIES' | 'NON_SERIES'>('SERIES');
  const [quantity, setQuantity] = useState<number | string>(1);
  const carton = cartons.data?.data.find((c) => c.cartonCode === cartonCode);
  const open = carton !== undefined && carton.visibleQty < carton.qty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => open && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!open) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open]);

  return (
    <Stack gap="sm">
      <Text fw={700}>
        {family.labels.number} {number}
      </Text>
      {carton && <CartonCard carton={carton} />}
      <SegmentedControl
        fullWidth
        aria-label={REDRESS_UI.scanType}
        value={mode}
        onChange={(value) => setMode(value as 'SERIES' | 'NON_SERIES')}
        data={[
          { value: 'SERIES', label: REDRESS_UI.series },
          { value: 'NON_SERIES', label: REDRESS_UI.nonSeries },
        ]}
      />
      {mode === 'SERIES' ? (
        <ScanField
          camera
          label={REDRESS_UI.packCode}
          placeholder={DOCUMENT_UI.scanPlaceholder}
          submitLabel={DOCUMENT_UI.scan}
          onScan={(raw) => scan.mutate({ scanType: 'SERIES', code: raw })}
        />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            scan.mutate({ scanType: 'NON_SERIES', quantity: Number(quantity) });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <NumberInput
              style={{ flex: 1 }}
              label={REDRESS_UI.count}
              min={1}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
            />
            <Button type="submit" loading={scan.isPending}>
              {REDRESS_UI.addCount}
            </Button>
          </Group>
        </form>
      )}
      {scan.isSuccess && (
        <Alert color="green" role="status">
          {scan.data.unit ?? fillLabel(REDRESS_UI.countedInCarton, { count: String(scan.data.packs) })} ·{' '}
          {fillLabel(REDRESS_UI.cartonProgress, { held: String(scan.data.carton.visibleQty), qty: String(scan.data.carton.qty) })}
        </Alert>
      )}
      {scan.isError && (
        <Alert color="red" role="alert">
          {failure(scan.error)}
        </Alert>
      )}
      {carton && (
        <>
          <Text fw={600}>{REDRESS_UI.packsInCarton}</Text>
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: '1rem' }}>
            {carton.packs.map((id) => (
              <Text component="li" size="sm" key={id} style={{ wordBreak: 'break-all' }}>
                {id}
              </Text>
            ))}
          </Stack>
          {carton.counted > 0 && <Text size="sm">{fillLabel(REDRESS_UI.countedInCarton, { count: String(carton.counted) })}</Text>}
        </>
      )}
      <Anchor component={Link} to={redressPath(area, 'redressScan', number)}>
        {REDRESS_UI.backToPo}
      </Anchor>
      {blocker.state === 'blocked' && (
        <Modal opened onClose={() => blocker.reset()} title={REDRESS_UI.leaveTitle} centered>
          <Text size="sm">{message('DATA_MAY_BE_LOST')}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => blocker.reset()}>
              {REDRESS_UI.stay}
            </Button>
            <Button color="red" onClick={() => blocker.proceed()}>
              {REDRESS_UI.leave}
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}

/** The replace scan ('Scan Code'): the pack taken out, then the pack put in its place. */
function ReplacePage({ area, family, number }: DocumentPageProps) {
  const replace = useReplacePack(family, number, area);
  const [from, setFrom] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Text fw={700}>
        {family.labels.number} {number}
      </Text>
      {from === null ? (
        <ScanField
          camera
          label={REDRESS_UI.packOut}
          placeholder={DOCUMENT_UI.scanPlaceholder}
          submitLabel={DOCUMENT_UI.scan}
          onScan={(raw) => {
            replace.reset();
            setFrom(raw);
          }}
        />
      ) : (
        <>
          <Text size="sm">
            {REDRESS_UI.packOut}: <span style={{ wordBreak: 'break-all' }}>{shownCode(from, localDay())}</span>
          </Text>
          <ScanField
            camera
            label={REDRESS_UI.packIn}
            placeholder={DOCUMENT_UI.scanPlaceholder}
            submitLabel={REDRESS_UI.replace}
            busy={replace.isPending}
            onScan={(raw) => replace.mutate({ from, to: raw }, { onSettled: () => setFrom(null) })}
          />
        </>
      )}
      {replace.isSuccess && (
        <Alert color="green" role="status">
          {fillLabel(REDRESS_UI.replaced, { from: replace.data.replaced, to: replace.data.unit ?? '' })}
        </Alert>
      )}
      {replace.isError && (
        <Alert color="red" role="alert">
          {failure(replace.error)}
        </Alert>
      )}
      <Anchor component={Link} to={redressPath(area, 'redressScan', number)}>
        {REDRESS_UI.backToPo}
      </Anchor>
    </Stack>
  );
}
