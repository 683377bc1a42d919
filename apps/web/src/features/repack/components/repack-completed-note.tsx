import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { REPACK_UI } from '../../../config/labels.ts';

/** A completed repack opened on a scan page: it takes no more changes; the way to its view. */
export function RepackCompletedNote({ to }: { to: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text role="status">{REPACK_UI.completed}</Text>
      <Anchor component={Link} to={to}>
        {REPACK_UI.view}
      </Anchor>
    </Stack>
  );
}
