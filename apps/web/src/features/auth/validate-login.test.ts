import { describe, expect, it } from 'vitest';
import { loginTarget } from './login-target.ts';
import { validateLogin } from './validate-login.ts';
import { buildAuthorization } from '../../test/authorization.ts';

describe('validateLogin', () => {
  it('uses the spec messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email cannot be empty.', password: 'Password cannot be empty.' });
    expect(validateLogin({ email: 'rdc@demo', password: 'x' })).toEqual({ email: 'Invalid email format.' });
    expect(validateLogin({ email: ' rdc@demo.local ', password: 'Scan#2026' })).toEqual({});
  });
});

describe('loginTarget', () => {
  const rdcUser = buildAuthorization({ RDC: ['RECEIVE'] });
  it('goes to the area home, or a safe returnPath', () => {
    expect(loginTarget('RDC', rdcUser, null)).toBe('/rdc');
    expect(loginTarget('RDC', rdcUser, '/rdc/ibdList')).toBe('/rdc/ibdList');
    expect(loginTarget('RDC', rdcUser, '//evil.example')).toBe('/rdc');
    expect(loginTarget('RDC', rdcUser, '/rdc/login')).toBe('/rdc');
  });
  it('sends a user without the area to /restricted, naming the area tried', () => {
    expect(loginTarget('LDC', rdcUser, '/ldc')).toBe('/restricted?area=LDC');
  });
});
