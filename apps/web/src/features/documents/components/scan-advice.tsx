import { Alert, Stack, Text } from '../../../components/ui/plain.tsx';
import { UNIT_LABELS } from '@pharma/domain';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { useLastScan, type LastScanStore } from '../last-scan-store.ts';

/**
 * The warnings of accepted scans (first expiry, first out …): an orange note under the feedback,
 * one per scan, newest first, until dismissed. An answer that comes after later scans (a fast
 * scanner, the queue after reconnecting) still shows its advice here.
 */
export function ScanAdviceNotes({ store }: { store: LastScanStore }) {
  const advice = useLastScan(store, (state) => state.advice);
  if (advice.length === 0) return null;
  return (
    <Stack gap="xs">
      {advice.map((note) => (
        <Alert
          key={note.scanId}
          color="orange"
          variant="light"
          role="status"
          data-testid="scan-advice"
          title={fillLabel(DOCUMENT_UI.advice, { unit: UNIT_LABELS[note.unit], id: note.id })}
          closeLabel={DOCUMENT_UI.dismiss}
          onClose={() => store.dismiss(note.scanId)}
        >
          {note.warnings.map((text) => (
            <Text key={text} size="sm">
              {text}
            </Text>
          ))}
        </Alert>
      ))}
    </Stack>
  );
}
