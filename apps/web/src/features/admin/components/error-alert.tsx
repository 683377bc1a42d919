import { Alert } from '@mantine/core';
import { errorText } from '../../../lib/api-client.ts';

/** The server's message for a refused call (decision 0002: the web shows `message` as is), never a status or code. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (error == null) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {errorText(error)}
    </Alert>
  );
}
