import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { message } from '@pharma/domain';
import { SCANNER_UI } from '../../config/labels.ts';

/**
 * While scans are unsent: the browser's own warning on refresh or close (beforeunload), and the
 * spec's question before an in-app navigation (the app uses a data router, so useBlocker works).
 * The scans stay in IndexedDB either way; the warning is the spec's (point 8).
 */
export function UnsentScansGuard({ unsent }: { unsent: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsent && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or need) a returnValue; modern ones show their own text.
      event.returnValue = message('DATA_MAY_BE_LOST');
      return message('DATA_MAY_BE_LOST');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={SCANNER_UI.leaveTitle} centered>
      <Text size="sm">{message('DATA_MAY_BE_LOST')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {SCANNER_UI.stay}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {SCANNER_UI.leave}
        </Button>
      </Group>
    </Modal>
  );
}
