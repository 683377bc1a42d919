import { Button, Group, Modal, Text } from '@mantine/core';
import { message } from '../../i18n/language.ts';
import { SCANNER_UI } from '../../config/labels.ts';

export interface LeaveDialogProps {
  onStay: () => void;
  onLeave: () => void;
}

/** The spec's question before leaving a page with unsent scans (point 8). */
export function LeaveDialog({ onStay, onLeave }: LeaveDialogProps) {
  return (
    <Modal opened onClose={onStay} title={SCANNER_UI.leaveTitle} centered>
      <Text size="sm">{message('DATA_MAY_BE_LOST')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay}>
          {SCANNER_UI.stay}
        </Button>
        <Button color="red" onClick={onLeave}>
          {SCANNER_UI.leave}
        </Button>
      </Group>
    </Modal>
  );
}
