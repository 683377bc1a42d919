import { z } from 'zod';

/** Every error answer of the API: a stable code and the catalogue's text. */
export const ErrorBody = z.object({
  code: z.string().meta({ example: 'INVALID_CREDENTIALS' }),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
