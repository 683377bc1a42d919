import { textFormatter } from '@pharma/domain';

type Messages = Parameters<typeof textFormatter>[1];
type CompiledMessage = Messages[string];

/**
 * How the web fills a label's ICU arguments (decision 0092): with Lingui's runtime, the domain's
 * (`textFormatter`), from a table of compiled texts keyed by the text itself, since a label reaches
 * `fillLabel` as its text. The shown language's texts come compiled by `npm run i18n` (`useLanguageTexts`);
 * an English text is compiled here at its first use by `compileText`, a reader of the ICU labels.ts writes
 * (`{name}`, `{n, plural, one {…} other {…}}`; labels.test.ts holds it to Lingui's compiler for every label).
 */
const table: Messages = {};
let format = textFormatter('en', table);

/** The shown language's texts, each with its compiled form: called once, at start, before any screen. */
export function useLanguageTexts(locale: string, texts: Iterable<[text: string, compiled: CompiledMessage]>): void {
  for (const [text, compiled] of texts) table[text] = compiled;
  format = textFormatter(locale, table);
}

type Token = string | [name: string, type?: string, cases?: Record<string, Token[]>];

/** An ICU text of the subset labels.ts writes, compiled as Lingui's compiler would. */
export function compileText(text: string): CompiledMessage {
  let at = 0;
  const read = (inCase: boolean): Token[] => {
    const tokens: Token[] = [];
    let literal = '';
    while (at < text.length) {
      const ch = text[at]!;
      if (ch === '}' && inCase) break;
      if (ch === "'" && text[at + 1] === "'") {
        literal += "'";
        at += 2;
      } else if (ch === '{') {
        if (literal) tokens.push(literal);
        literal = '';
        const end = text.slice(at).search(/[,}]/) + at;
        const name = text.slice(at + 1, end).trim();
        at = end;
        if (text[at] === '}') {
          tokens.push([name]);
          at++;
          continue;
        }
        const type = /^,\s*(\w+)\s*,?\s*/.exec(text.slice(at))!;
        at += type[0].length;
        const cases: Record<string, Token[]> = {};
        while (text[at] !== '}') {
          const key = /^\s*([^\s{]+)\s*\{/.exec(text.slice(at))!;
          at += key[0].length;
          cases[key[1]!] = read(true);
          at++;
          at += /^\s*/.exec(text.slice(at))![0].length;
        }
        at++;
        tokens.push([name, type[1], cases]);
      } else {
        literal += ch;
        at++;
      }
    }
    if (literal) tokens.push(literal);
    return tokens;
  };
  return read(false) as CompiledMessage;
}

/** A label with its arguments filled, in the shown language when the label is its text. */
export function formatText(text: string, params: Readonly<Record<string, string | number>>): string {
  table[text] ??= compileText(text);
  return format(text, params);
}
