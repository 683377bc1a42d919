import { message, type MessageCode } from '@pharma/domain';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

/**
 * A refusal with a stable code and the catalogue's text. Services throw it; the error
 * plugin turns it into `{ code, message }` with its status. Nothing else reaches a client.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message(code, params));
    this.name = 'AppError';
  }
}
