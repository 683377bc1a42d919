import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES } from './phone-countries.ts';
import { ageOn, passwordMeetsCriteria, validateRegistration, type RegistrationInput } from './registration.ts';

const TODAY = '2026-11-22';
const valid: RegistrationInput = {
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei.tan@example.com',
  mobileCountry: 'sg',
  mobile: '91234567',
  dateOfBirth: '1990-05-17',
  password: 'Pharma#2026',
  confirmPassword: 'Pharma#2026',
};

describe('validateRegistration (spec point 5)', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(valid, TODAY)).toEqual({});
  });

  it("names each empty field: '{field} cannot be empty.'", () => {
    const errors = validateRegistration({ ...valid, firstName: ' ', email: '' }, TODAY);
    expect(errors.firstName?.message).toBe('First name cannot be empty.');
    expect(errors.email?.message).toBe('Email cannot be empty.');
  });

  it.each(['mei', 'mei@', '@example.com', 'mei tan@example.com', 'mei@example'])("'%s' is 'Invalid email format.'", (email) => {
    expect(validateRegistration({ ...valid, email }, TODAY).email?.message).toBe('Invalid email format.');
  });

  it.each([
    ['too short', 'Ph#2026'],
    ['too long', 'Pharma#2026' + 'x'.repeat(20)],
    ['no upper case', 'pharma#2026'],
    ['no lower case', 'PHARMA#2026'],
    ['no digit', 'Pharma#Scan'],
    ['no special character', 'Pharma2026'],
    ['special character outside !@#$%^&*', 'Pharma+2026'],
  ])("a password %s: 'Password did not meet criteria.', then what it needs", (_why, password) => {
    const errors = validateRegistration({ ...valid, password, confirmPassword: password }, TODAY);
    expect(errors.password?.code).toBe('PASSWORD_CRITERIA');
    expect(errors.password?.message).toMatch(/^Password did not meet criteria\. It needs .+\.$/);
  });

  it("different passwords: 'Passwords do not match.'", () => {
    const errors = validateRegistration({ ...valid, confirmPassword: 'Pharma#2027' }, TODAY);
    expect(errors.confirmPassword?.message).toBe('Passwords do not match.');
  });

  it('the minimum age is 18 on the day', () => {
    expect(validateRegistration({ ...valid, dateOfBirth: '2008-11-22' }, TODAY).dateOfBirth).toBeUndefined();
    expect(validateRegistration({ ...valid, dateOfBirth: '2008-11-23' }, TODAY).dateOfBirth?.message).toBe(
      'You must be 18 years or older to use this app.',
    );
    expect(validateRegistration({ ...valid, dateOfBirth: '1990-02-30' }, TODAY).dateOfBirth?.code).toBe('MINIMUM_AGE');
  });

  it("a mobile number outside the country's format: 'Mobile format doesn't match with +{code}.'", () => {
    expect(validateRegistration({ ...valid, mobile: '9123456' }, TODAY).mobile?.message).toBe("Mobile format doesn't match with +65.");
    expect(validateRegistration({ ...valid, mobileCountry: 'my', mobile: '12345' }, TODAY).mobile?.message).toBe(
      "Mobile format doesn't match with +60.",
    );
    expect(validateRegistration({ ...valid, mobileCountry: 'my', mobile: '123456789' }, TODAY).mobile).toBeUndefined();
  });

  it('the phone table has 12 countries with Singapore first (default region sg)', () => {
    expect(PHONE_COUNTRIES).toHaveLength(12);
    expect(PHONE_COUNTRIES[0]).toMatchObject({ iso2: 'sg', dialCode: '65' });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.record({ ...Object.fromEntries(Object.keys(valid).map((k) => [k, fc.string()])) }), (input) => {
        validateRegistration(input as unknown as RegistrationInput, TODAY);
      }),
    );
  });

  it('ageOn counts whole years', () => {
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
    expect(passwordMeetsCriteria('Aa1!aaaa')).toBe(true);
  });
});
