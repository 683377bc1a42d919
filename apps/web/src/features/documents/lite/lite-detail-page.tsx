import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { type LiteFamily } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import { DOCUMENT_UI, fillLabel, LITE_UI } from '../../../config/labels.ts';
import { useCan } from '../../../lib/can.ts';
import { useDocument } from '../api/get-document.ts';
import { CompleteButton } from '../components/complete-button.tsx';
import { DocumentHeader } from '../components/document-header.tsx';
import { LineCard } from '../components/line-card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { totals } from '../lines.ts';
import { useDeleteLiteLine, useRemoveLiteDocument } from './lite-api.ts';
import { LineCounts } from './line-counts.tsx';
import type { LitePaths } from './lite-paths.ts';

/**
 * A lite document (/ldc/liteDetail/{moduleType}?docNo=): its number under the card header, its status under
 * the status header where the spec shows one, its materials ('No materials added yet!'), the units scanned
 * by line with who and when ('No items added yet!'); Add Material/Batch, the scanners, Complete, and removal while nothing is scanned.
 */
export function LiteDetailPage({ lite, paths, number }: { lite: LiteFamily; paths: LitePaths; number: string }) {
  const navigate = useNavigate();
  const details = useDocument(lite.family, number, 'LDC');
  const can = useDocumentPermissions(lite.family, 'LDC');
  const mayBuild = useCan({ application: 'LDC', module: lite.module, feature: 'CreateMaterialBatch' });
  const mayMaterials = useCan({ application: 'LDC', module: lite.module, feature: 'MaterialDetails' });
  const removeLine = useDeleteLiteLine(lite, number);
  const remove = useRemoveLiteDocument(lite, number);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const labels = { ...lite.family.labels, number: lite.labels.card };
  const scanTitle = lite.scanUnits.length === 1 ? LITE_UI.scanCartonCode : LITE_UI.scanItemCodes;

  return (
    <QueryState query={details}>
      {(data) => {
        const completed = data.document.status === 'Completed';
        const sum = totals(data.data);
        const error = removeLine.error ?? remove.error;
        return (
          <Stack gap="sm">
            <DocumentHeader details={data} labels={labels} />
            {lite.labels.status && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {lite.labels.status}
                </Text>{' '}
                <Text span fw={600} size="sm">
                  {data.document.status}
                </Text>
              </Text>
            )}
            {notice && (
              <Alert color="green" role="status" withCloseButton onClose={() => setNotice(undefined)}>
                {notice}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            )}
            <Group gap="xs">
              {mayBuild && !completed && (
                <>
                  <Button component={Link} to={paths.addMaterial(number)}>
                    {LITE_UI.addMaterialBatch}
                  </Button>
                  <Button component={Link} to={paths.materialScanner(number)} variant="light">
                    {LITE_UI.scanMaterialBatch}
                  </Button>
                </>
              )}
              {can.scan && !completed && data.data.length > 0 && (
                <Button component={Link} to={paths.scanUnits(number)}>
                  {scanTitle}
                </Button>
              )}
              {can.complete && (
                <CompleteButton
                  family={lite.family}
                  number={number}
                  area="LDC"
                  status={data.document.status}
                  scanned={sum.scanned}
                  expected={sum.expected}
                />
              )}
            </Group>
            <Title order={2} size="h5">
              {LITE_UI.materials}
            </Title>
            {data.data.length === 0 ? (
              <Text c="dimmed" role="status">
                {message('NO_MATERIALS')}
              </Text>
            ) : (
              <Stack gap="xs">
                {data.data.map((line) => (
                  <Stack key={line.lineNo} gap={4}>
                    <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      <LineCard line={line} completed={completed} labels={labels} />
                    </ul>
                    <Group gap="xs">
                      {mayMaterials && (
                        <Anchor component={Link} to={paths.materialDetails(number, line.materialNo, line.batchNo)} size="sm">
                          {LITE_UI.openDetails}
                        </Anchor>
                      )}
                      {mayBuild && !completed && line.scannedQuantity === 0 && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          loading={removeLine.isPending}
                          onClick={() => removeLine.mutate(line, { onSuccess: (answer) => setNotice(answer.message) })}
                        >
                          {fillLabel(LITE_UI.removeLine, { materialNo: line.materialNo, batchNo: line.batchNo ?? '–' })}
                        </Button>
                      )}
                    </Group>
                  </Stack>
                ))}
              </Stack>
            )}
            {/* The units scanned, by line: who scanned each and when, each removable until completion (decision 0066). */}
            <LineCounts
              family={lite.family}
              number={number}
              area="LDC"
              lines={data.data}
              completed={completed}
              mayRemove={can.deleteScanned}
            />
            {mayBuild && !completed && (
              <Button variant="subtle" color="red" w="fit-content" onClick={() => setConfirming(true)}>
                {LITE_UI.removeDocument}
              </Button>
            )}
            {confirming && (
              <Modal opened onClose={() => setConfirming(false)} title={fillLabel(LITE_UI.removeDocumentTitle, { number })} centered>
                <Text size="sm">{fillLabel(LITE_UI.removeDocumentText, { number })}</Text>
                <Group justify="flex-end" mt="md">
                  <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                    {DOCUMENT_UI.keep}
                  </Button>
                  <Button
                    color="red"
                    loading={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: () => navigate(paths.list),
                        onSettled: () => setConfirming(false),
                      })
                    }
                  >
                    {DOCUMENT_UI.confirmDelete}
                  </Button>
                </Group>
              </Modal>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
