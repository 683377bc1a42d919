import { Alert } from '@mantine/core';
import { message } from '@pharma/domain';

/** The server's message for a refused call (decision 0002: the web shows `message` as is). */
export function ErrorAlert({ error }: { error: unknown }) {
  if (error == null) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {error instanceof Error ? error.message : message('SOMETHING_WENT_WRONG')}
    </Alert>
  );
}
