import { message } from '../../i18n/language.ts';
import { UI } from '../../config/labels.ts';

export interface LoginFields {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks of the login form (spec point 5); an empty object means valid. */
export function validateLogin(fields: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  const email = fields.email.trim();
  if (!email) errors.email = message('REQUIRED_FIELD', { field: UI.email });
  else if (!EMAIL.test(email)) errors.email = message('INVALID_EMAIL');
  if (!fields.password) errors.password = message('REQUIRED_FIELD', { field: UI.password });
  return errors;
}
