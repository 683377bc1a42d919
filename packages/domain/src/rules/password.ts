import { SOURCE_LOCALE, type Locale } from '../i18n/locales.ts';
import { message, type MessageCode } from '../messages.ts';

/**
 * The password rule of spec point 5 ('Password did not meet criteria.': 8 to 30 characters with an upper
 * case letter, a lower case letter, a digit and a special character from !@#$%^&*), for every password
 * set anywhere: self-registration, an admin creating a user or setting their password, the first
 * administrator (decision 0067). The refusal keeps the spec's sentence and names what is missing.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
/** An administrator's password is longer (decision 0021); the rest of the rule is the same. */
export const ADMIN_PASSWORD_MIN = 12;
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** One requirement of the rule, in the order the refusal names them. */
export type PasswordRequirement = 'min' | 'max' | 'upper' | 'lower' | 'digit' | 'special' | 'notPublished';

export interface PasswordPolicy {
  /** Default PASSWORD_MIN; ADMIN_PASSWORD_MIN for an administrator. */
  min?: number;
  /** Passwords refused whatever they contain (the demo users' published one, for an administrator). */
  refused?: readonly string[];
}

export type PasswordCheck = { ok: true } | { ok: false; code: 'PASSWORD_CRITERIA'; missing: PasswordRequirement[]; message: string };

const NEEDS: Record<Exclude<PasswordRequirement, 'notPublished'>, MessageCode> = {
  min: 'PASSWORD_NEEDS_MIN',
  max: 'PASSWORD_NEEDS_MAX',
  upper: 'PASSWORD_NEEDS_UPPER',
  lower: 'PASSWORD_NEEDS_LOWER',
  digit: 'PASSWORD_NEEDS_DIGIT',
  special: 'PASSWORD_NEEDS_SPECIAL',
};

/** What the password lacks, in the rule's order; empty when it meets the rule. Never throws. */
export function passwordShortfalls(password: string, policy: PasswordPolicy = {}): PasswordRequirement[] {
  const text = typeof password === 'string' ? password : '';
  const min = policy.min ?? PASSWORD_MIN;
  const missing: PasswordRequirement[] = [];
  if (text.length < min) missing.push('min');
  if (text.length > PASSWORD_MAX) missing.push('max');
  if (!/[A-Z]/.test(text)) missing.push('upper');
  if (!/[a-z]/.test(text)) missing.push('lower');
  if (!/\d/.test(text)) missing.push('digit');
  if (![...PASSWORD_SPECIALS].some((c) => text.includes(c))) missing.push('special');
  if (policy.refused?.includes(text)) missing.push('notPublished');
  return missing;
}

/** 'a, b and c' in English; in another language, as its own lists are written ('a、b和c'). */
function list(items: string[], locale: Locale): string {
  if (locale !== SOURCE_LOCALE) return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The refusal's text: the spec's sentence, then what the password needs (with its length when that is the fault). */
function passwordRefusal(password: string, missing: PasswordRequirement[], policy: PasswordPolicy, locale: Locale): string {
  const length = typeof password === 'string' ? password.length : 0;
  const params = { min: policy.min ?? PASSWORD_MIN, max: PASSWORD_MAX, length, specials: PASSWORD_SPECIALS };
  const needs = missing.filter((m) => m !== 'notPublished').map((m) => message(NEEDS[m as keyof typeof NEEDS], params, locale));
  const parts = [message('PASSWORD_CRITERIA', {}, locale)];
  if (needs.length) parts.push(message('PASSWORD_NEEDS', { needs: list(needs, locale) }, locale));
  if (missing.includes('notPublished')) parts.push(message('PASSWORD_PUBLISHED', {}, locale));
  return parts.join(' ');
}

/** The rule in words, for a password field's hint: '8 to 30 characters with an upper case letter, ...'. */
export function passwordRuleText(policy: PasswordPolicy = {}): string {
  return message('PASSWORD_RULE', { min: policy.min ?? PASSWORD_MIN, max: PASSWORD_MAX, specials: PASSWORD_SPECIALS });
}

/** The rule: ok, or the refusal naming every requirement the password misses (in `locale`, English by default). */
export function checkPassword(password: string, policy: PasswordPolicy = {}, locale: Locale = SOURCE_LOCALE): PasswordCheck {
  const missing = passwordShortfalls(password, policy);
  if (missing.length === 0) return { ok: true };
  return { ok: false, code: 'PASSWORD_CRITERIA', missing, message: passwordRefusal(password, missing, policy, locale) };
}
