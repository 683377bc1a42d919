import { message as domainMessage, SOURCE_LOCALE, textFormatter, type Locale, type MessageCode } from '@pharma/domain';

/**
 * The language this page shows (issue 33, decision 0092), chosen once at start (i18n/start.ts): a change
 * reloads the page. The web's one way to the domain's messages: `message()` answers in it, so no screen
 * passes a language (eslint refuses `message` from @pharma/domain in apps/web/src).
 */
export type ShownLanguage = Locale | 'pseudo';

let shown: ShownLanguage = SOURCE_LOCALE;
let pseudoMessages: ((code: string, params: Readonly<Record<string, string | number>>) => string) | undefined;

/** The language the server is asked to answer in (Accept-Language): the pseudo language reads English. */
export function answerLanguage(): Locale {
  return shown === 'pseudo' ? SOURCE_LOCALE : shown;
}

/** Sets the shown language: once, at start, after its catalogues are loaded; the pseudo one brings its own messages. */
export function showLanguage(language: ShownLanguage, pseudo?: Parameters<typeof textFormatter>[1]): void {
  shown = language;
  pseudoMessages = language === 'pseudo' && pseudo ? textFormatter(SOURCE_LOCALE, pseudo) : undefined;
}

/** The text of a message of the domain's catalogue in the shown language, its placeholders filled. */
export function message(code: MessageCode, params: Record<string, string | number> = {}): string {
  return pseudoMessages ? pseudoMessages(code, params) : domainMessage(code, params, answerLanguage());
}
