import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** The answer that changes nothing (focused first). */
  keepLabel: string;
  /** The answer that acts (red). */
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * A question before an action that takes something away (a scanned unit, a counted pack). Mantine's
 * Modal and its focus trap: loaded on demand through `confirm.tsx`, never with a scan page.
 */
export function ConfirmDialog({ title, text, keepLabel, confirmLabel, onKeep, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onKeep} title={title} centered>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {keepLabel}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
