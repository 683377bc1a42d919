import { SOURCE_LOCALE, type Locale } from '../i18n/locales.ts';
import { message, type MessageCode } from '../messages.ts';
import { DEFAULT_REGION, phoneCountry } from './phone-countries.ts';
import { checkPassword } from './password.ts';

/**
 * The login and form rules of spec point 5, run by the register page and again by the server.
 * Dates are ISO `YYYY-MM-DD`; today is passed in (the domain has no clock).
 */
export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  mobileCountry: string;
  mobile: string;
  dateOfBirth: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationInput;
export interface FieldError {
  code: MessageCode;
  message: string;
}
export type RegistrationErrors = Partial<Record<RegistrationField, FieldError>>;

export const REGISTRATION_LABELS: Record<RegistrationField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  mobileCountry: 'Country',
  mobile: 'Mobile number',
  dateOfBirth: 'Date of birth',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

export const MINIMUM_AGE = 18;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 8 to 30 characters with an upper case letter, a lower case letter, a digit and one of !@#$%^&* (rules/password.ts). */
export function passwordMeetsCriteria(password: string): boolean {
  return checkPassword(password).ok;
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/** Whole years between an ISO birth date and an ISO today; undefined for an impossible date. */
export function ageOn(dateOfBirth: string, today: string): number | undefined {
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!dob || !now) return undefined;
  const [y, m, d] = [Number(dob[1]), Number(dob[2]), Number(dob[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return undefined;
  const [ty, tm, td] = [Number(now[1]), Number(now[2]), Number(now[3])];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Digits of a national mobile number within the country's length range. */
export function mobileMatches(mobile: string, iso2: string = DEFAULT_REGION): boolean {
  const country = phoneCountry(iso2);
  const digits = mobile.replace(/[\s-]/g, '');
  return !!country && /^\d+$/.test(digits) && digits.length >= country.minLength && digits.length <= country.maxLength;
}

/**
 * Each field's refusal, its message in `locale` (English by default; the field names in it are
 * REGISTRATION_LABELS, English until the web's labels have catalogues of their own).
 */
export function validateRegistration(input: RegistrationInput, today: string, locale: Locale = SOURCE_LOCALE): RegistrationErrors {
  const fail = (code: MessageCode, params: Record<string, string> = {}): FieldError => ({ code, message: message(code, params, locale) });
  const errors: RegistrationErrors = {};
  for (const field of Object.keys(REGISTRATION_LABELS) as RegistrationField[]) {
    if (!String(input[field] ?? '').trim()) errors[field] = fail('REQUIRED_FIELD', { field: REGISTRATION_LABELS[field] });
  }
  if (!errors.email && !isValidEmail(input.email.trim())) errors.email = fail('INVALID_EMAIL');
  if (!errors.password) {
    // The spec's sentence, then what the password needs (decision 0067).
    const password = checkPassword(input.password, {}, locale);
    if (!password.ok) errors.password = { code: password.code, message: password.message };
  }
  if (!errors.password && !errors.confirmPassword && input.password !== input.confirmPassword) {
    errors.confirmPassword = fail('NOT_MATCHING', { x: 'Passwords' });
  }
  if (!errors.dateOfBirth) {
    const age = ageOn(input.dateOfBirth, today);
    if (age === undefined || age < MINIMUM_AGE) errors.dateOfBirth = fail('MINIMUM_AGE');
  }
  if (!errors.mobile && !errors.mobileCountry && !mobileMatches(input.mobile, input.mobileCountry)) {
    const code = phoneCountry(input.mobileCountry)?.dialCode ?? phoneCountry(DEFAULT_REGION)!.dialCode;
    errors.mobile = fail('MOBILE_FORMAT', { code });
  }
  return errors;
}
