import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MIN, checkPassword, passwordRuleText, passwordShortfalls } from './password.ts';

describe('the password rule (spec point 5, decision 0067)', () => {
  it('accepts 8 to 30 characters with an upper and a lower case letter, a digit and one of !@#$%^&*', () => {
    expect(checkPassword('Aa1!aaaa')).toEqual({ ok: true });
    expect(checkPassword('Pharma#2026' + 'x'.repeat(19))).toEqual({ ok: true });
  });

  it("keeps the spec's sentence and names every requirement 'short' misses", () => {
    expect(checkPassword('short')).toEqual({
      ok: false,
      code: 'PASSWORD_CRITERIA',
      missing: ['min', 'upper', 'digit', 'special'],
      message:
        'Password did not meet criteria. It needs at least 8 characters (it has 5), an upper case letter, a digit and a special character from !@#$%^&*.',
    });
  });

  it.each([
    ['Ph#2026', ['min'], 'It needs at least 8 characters (it has 7).'],
    ['Pharma#2026' + 'x'.repeat(20), ['max'], 'It needs at most 30 characters (it has 31).'],
    ['pharma#2026', ['upper'], 'It needs an upper case letter.'],
    ['PHARMA#2026', ['lower'], 'It needs a lower case letter.'],
    ['Pharma#Scan', ['digit'], 'It needs a digit.'],
    ['Pharma+2026', ['special'], 'It needs a special character from !@#$%^&*.'],
  ])('%s misses %j', (password, missing, needs) => {
    const check = checkPassword(password);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.missing).toEqual(missing);
    expect(check.message).toBe(`Password did not meet criteria. ${needs}`);
  });

  it("an administrator's password is 12 characters or more and never a refused one", () => {
    const admin = { min: ADMIN_PASSWORD_MIN, refused: ['Scan#2026'] };
    expect(checkPassword('Pharma#2026', admin)).toMatchObject({
      missing: ['min'],
      message: expect.stringContaining('at least 12 characters (it has 11)'),
    });
    expect(checkPassword('Scan#2026', admin)).toMatchObject({
      missing: ['min', 'notPublished'],
      message: expect.stringContaining("It must not be the demo users' published password."),
    });
    expect(checkPassword('Pharma#2026-ops', admin)).toEqual({ ok: true });
  });

  it('says the rule in words for a field hint', () => {
    expect(passwordRuleText()).toBe(
      '8 to 30 characters with an upper case letter, a lower case letter, a digit and a special character from !@#$%^&*.',
    );
    expect(passwordRuleText({ min: ADMIN_PASSWORD_MIN })).toMatch(/^12 to 30 characters/);
  });

  it('never throws, and accepts exactly what meets every requirement', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const ok =
          password.length >= 8 &&
          password.length <= 30 &&
          /[A-Z]/.test(password) &&
          /[a-z]/.test(password) &&
          /\d/.test(password) &&
          /[!@#$%^&*]/.test(password);
        expect(passwordShortfalls(password).length === 0).toBe(ok);
      }),
    );
    expect(() => checkPassword(undefined as unknown as string)).not.toThrow();
  });
});
