import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { TOOL_NEEDS } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import type { RepackView } from '@pharma/domain/contract/repack';
import { fillLabel, REPACK_UI } from '../../../config/labels.ts';
import { ScanField, type ScanFieldHandle } from '../../../components/ui/scan-field.tsx';
import { useCan } from '../../../lib/can.ts';
import { useCompleteRepack } from '../api/repack-api.ts';
import { useRepackMoves } from '../hooks/use-repack-moves.ts';
import { refusedOutcome } from '../move-outcome.ts';
import { codeOfUnit } from '../scan-code.ts';
import { ContentsList, DestinationCard } from './repack-summary.tsx';

const LOOK = {
  added: { color: 'green', variant: 'filled', title: undefined },
  removed: { color: 'blue', variant: 'light', title: undefined },
  refused: { color: 'red', variant: 'filled', title: REPACK_UI.refused },
} as const;

export interface RepackWorkbenchProps {
  repack: RepackView;
  area: Area;
  /** After completing: the server's message ('Repacking completed successfully!'). */
  onCompleted: (message: string) => void;
}

/**
 * A pending repack's scan loop (decision 0049): the destination, the Add / Remove switch, the scan
 * field (camera or keyboard wedge, the shared ScanField), the last move's answer, the contents with a
 * way to take each off (after a confirmation), and Complete (after a confirmation, to holders of its action).
 */
export function RepackWorkbench({ repack, area, onCompleted }: RepackWorkbenchProps) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const moves = useRepackMoves(repack.repackNo, area);
  const complete = useCompleteRepack(repack, area);
  const mayComplete = useCan({ application: area, ...TOOL_NEEDS.repackComplete });
  const [confirming, setConfirming] = useState(false);
  const field = useRef<ScanFieldHandle>(null);
  const look = moves.outcome && LOOK[moves.outcome.kind];
  const sscc = repack.destination.sscc;

  return (
    <Stack gap="sm">
      <DestinationCard repack={repack} />
      <SegmentedControl
        fullWidth
        aria-label={REPACK_UI.mode}
        value={mode}
        onChange={(value) => {
          setMode(value as 'add' | 'remove');
          field.current?.focus();
        }}
        data={[
          { value: 'add', label: REPACK_UI.add },
          { value: 'remove', label: REPACK_UI.remove },
        ]}
      />
      <ScanField
        ref={field}
        camera
        label={mode === 'add' ? REPACK_UI.scanAdd : REPACK_UI.scanRemove}
        placeholder={REPACK_UI.itemPlaceholder}
        submitLabel={REPACK_UI.scan}
        busy={moves.busy}
        onScan={(raw) => moves.scan(raw, mode === 'remove')}
      />
      {moves.outcome && look ? (
        <Alert
          color={look.color}
          variant={look.variant}
          title={look.title}
          role={moves.outcome.kind === 'refused' ? 'alert' : 'status'}
          data-outcome={moves.outcome.kind}
          style={{ overflowWrap: 'anywhere' }}
        >
          <Text inherit>{moves.outcome.text}</Text>
          {moves.outcome.notice && (
            <Text inherit fw={700} data-testid="taken-from">
              {moves.outcome.notice}
            </Text>
          )}
        </Alert>
      ) : (
        <div aria-live="polite" />
      )}
      <ContentsList
        units={repack.contents}
        action={(unit) => (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            aria-label={fillLabel(REPACK_UI.removeLabel, { id: unit.id })}
            onClick={() => moves.askRemove(codeOfUnit(unit), unit.id)}
          >
            {REPACK_UI.remove}
          </Button>
        )}
      />
      {mayComplete && (
        <Button color="green" onClick={() => setConfirming(true)}>
          {REPACK_UI.complete}
        </Button>
      )}
      {complete.isError && (
        <Alert color="red" role="alert">
          {refusedOutcome(complete.error).text}
        </Alert>
      )}

      <Modal
        opened={moves.pending !== undefined}
        onClose={moves.cancelRemove}
        title={fillLabel(REPACK_UI.removeTitle, { id: moves.pending?.label ?? '' })}
        styles={{ title: { minWidth: 0, overflowWrap: 'anywhere' } }}
        centered
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>{fillLabel(REPACK_UI.removeText, { id: moves.pending?.label ?? '', sscc })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={moves.cancelRemove}>
              {REPACK_UI.keep}
            </Button>
            <Button color="red" onClick={moves.confirmRemove}>
              {REPACK_UI.confirmRemove}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={REPACK_UI.completeTitle} centered>
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>{fillLabel(REPACK_UI.completeText, { sscc, packs: String(repack.packs) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {REPACK_UI.cancel}
            </Button>
            <Button
              color="green"
              loading={complete.isPending}
              onClick={() =>
                complete.mutate(undefined, {
                  onSuccess: (answer) => onCompleted(answer.message),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {REPACK_UI.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
