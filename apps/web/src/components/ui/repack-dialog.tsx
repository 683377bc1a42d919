import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Modal, Stack, TextInput } from '@mantine/core';
import { message } from '../../i18n/language.ts';
import { useNavigate } from 'react-router';
import { UI } from '../../config/labels.ts';
import { REPACK_TARGETS } from '../../config/navigation.ts';

export interface RepackDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** A button whose words wrap onto a second line rather than being cut off in a longer language (issue 33). */
const WRAPS = { h: 'auto', mih: 42, py: 8, styles: { label: { whiteSpace: 'normal', textAlign: 'center' } } } as const;

/** Repack opens this choice instead of navigating (spec point 2; decision 0004). */
export function RepackDialog({ opened, onClose }: RepackDialogProps) {
  const navigate = useNavigate();
  const [documentNo, setDocumentNo] = useState('');
  const [error, setError] = useState<string>();

  const go = (to: string) => {
    onClose();
    setDocumentNo('');
    setError(undefined);
    navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = documentNo.trim();
    if (!value) return setError(message('FIELD_EMPTY'));
    if (!/^[A-Za-z0-9./-]+$/.test(value)) return setError(message('ONLY_ALPHANUMERIC_AND_SYMBOLS'));
    go(REPACK_TARGETS.withDocument(value));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={UI.repackTitle} centered>
      <Stack gap="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={UI.documentNo}
              value={documentNo}
              onChange={(event) => setDocumentNo(event.currentTarget.value)}
              error={error}
              autoComplete="off"
              data-autofocus
            />
            <Button type="submit" size="md" {...WRAPS}>
              {UI.repackWithDocument}
            </Button>
          </Stack>
        </form>
        <Divider />
        <Button variant="light" size="md" onClick={() => go(REPACK_TARGETS.outsideDocuments)} {...WRAPS}>
          {UI.repackOutsideDocuments}
        </Button>
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {UI.cancel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
