import { message, SOURCE_LOCALE, type Locale, type MessageCode } from '@pharma/domain';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

/**
 * A refusal with a stable code and the catalogue's text. Services throw it; the error
 * plugin turns it into `{ code, message }` with its status, the text in the request's language
 * (`textIn`). Nothing else reaches a client. `message` holds the English text (logs, and callers that
 * reword it for the English answer); `say` gives it in any language where it is not the code's own text.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    private readonly say: (locale: Locale) => string = (locale) => message(code, params, locale),
  ) {
    super(say(SOURCE_LOCALE));
    this.name = 'AppError';
  }

  /** The refusal's text in a language: in English, `message` as it stands now. */
  textIn(locale: Locale): string {
    return locale === SOURCE_LOCALE ? this.message : this.say(locale);
  }
}
