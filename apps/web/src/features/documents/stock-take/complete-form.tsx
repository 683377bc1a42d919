import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { COUNT_REASON_LABELS, COUNT_REASONS } from '@pharma/domain';
import type { CountReason, StockTakeDetails } from '@pharma/domain/contract/stock-takes';
import { FIELD_LABELS, fillLabel, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { linesAskingReason, lineKey, reasonsToSend, type ReasonDraft } from './variance.ts';

/** The reasons of the list; none picked reads 'No difference' to a blind counter, 'Choose a reason' where a difference is known. */
const reasonOptions = (blind: boolean) => [
  { value: '', label: blind ? T.noReason : T.chooseReason },
  ...COUNT_REASONS.map((r) => ({ value: r, label: COUNT_REASON_LABELS[r] })),
];

/** One reason: its list, and the text 'Other' needs. */
function ReasonFields({
  label,
  blind,
  draft,
  onChange,
}: {
  label: string;
  blind: boolean;
  draft: ReasonDraft;
  onChange: (next: ReasonDraft) => void;
}) {
  return (
    <>
      <NativeSelect
        label={label}
        data={reasonOptions(blind)}
        value={draft.reason}
        onChange={(e) => onChange({ ...draft, reason: e.currentTarget.value as CountReason | '' })}
      />
      {draft.reason === 'OTHER' && (
        <TextInput
          label={T.reasonText}
          value={draft.text}
          maxLength={200}
          onChange={(e) => onChange({ ...draft, text: e.currentTarget.value })}
        />
      )}
    </>
  );
}

/**
 * 'Complete count': a reason from the list for each line with a difference (in a blind view, for every
 * line counted: the counter cannot see which differ), and lines typed by material and batch for a
 * difference the counter learnt of otherwise (a line counted nowhere is not listed to a blind counter).
 * The server decides: a line still without a reason is refused with its message, shown here.
 */
export function CompleteForm({
  details,
  busy,
  error,
  onComplete,
}: {
  details: StockTakeDetails;
  busy: boolean;
  error: string | undefined;
  onComplete: (reasons: ReturnType<typeof reasonsToSend>) => void;
}) {
  const asked = linesAskingReason(details);
  const [drafts, setDrafts] = useState<Record<string, ReasonDraft>>({});
  const [extra, setExtra] = useState<ReasonDraft[]>([]);
  const draftOf = (line: (typeof asked)[number]): ReasonDraft =>
    drafts[lineKey(line)] ?? { materialNo: line.materialNo, batchNo: line.batchNo, reason: '', text: '' };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onComplete(reasonsToSend([...asked.map(draftOf), ...extra]));
  };

  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label={T.complete}>
      <Stack gap="xs">
        <Text fw={600}>{T.complete}</Text>
        <Text size="sm">{details.view === 'blind' ? T.completeBlind : T.completeIntro}</Text>
        {asked.map((line) => (
          <ReasonFields
            key={lineKey(line)}
            label={fillLabel(T.reasonFor, { materialNo: line.materialNo, batchNo: line.batchNo ?? T.noBatch })}
            blind={details.view === 'blind'}
            draft={draftOf(line)}
            onChange={(next) => setDrafts({ ...drafts, [lineKey(line)]: next })}
          />
        ))}
        {extra.map((draft, i) => {
          const change = (next: ReasonDraft) => setExtra(extra.map((d, j) => (j === i ? next : d)));
          return (
            <Paper key={i} withBorder p="xs" aria-label={T.otherLine}>
              <Stack gap={4}>
                <Group grow gap="xs" align="flex-end">
                  <TextInput
                    label={FIELD_LABELS.materialNo}
                    value={draft.materialNo}
                    onChange={(e) => change({ ...draft, materialNo: e.currentTarget.value })}
                  />
                  <TextInput
                    label={FIELD_LABELS.batchNo}
                    value={draft.batchNo ?? ''}
                    onChange={(e) => change({ ...draft, batchNo: e.currentTarget.value })}
                  />
                </Group>
                <ReasonFields label={T.otherLine} blind draft={draft} onChange={change} />
                <Button size="compact-sm" variant="subtle" onClick={() => setExtra(extra.filter((_, j) => j !== i))}>
                  {T.removeLine}
                </Button>
              </Stack>
            </Paper>
          );
        })}
        {details.view === 'blind' && (
          <Button variant="default" onClick={() => setExtra([...extra, { materialNo: '', batchNo: '', reason: '', text: '' }])}>
            {T.addLine}
          </Button>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          {T.complete}
        </Button>
      </Stack>
    </Paper>
  );
}
