import { describe, expect, it } from 'vitest';
import { ssoErrorText, ssoStartUrl } from './sso.ts';

describe('ssoStartUrl', () => {
  it('starts at the server with the area and the page asked for', () => {
    expect(ssoStartUrl('LDC', '/ldc/ibdList?x=1')).toBe('/api/sso/start?area=ldc&returnPath=%2Fldc%2FibdList%3Fx%3D1');
  });

  it('returns to the area home without a usable returnPath', () => {
    expect(ssoStartUrl('RDC', null)).toBe('/api/sso/start?area=rdc&returnPath=%2Frdc');
    expect(ssoStartUrl('RDC', '//evil.example')).toBe('/api/sso/start?area=rdc&returnPath=%2Frdc');
    expect(ssoStartUrl('RDC', '/rdc/login?returnPath=%2Frdc')).toBe('/api/sso/start?area=rdc&returnPath=%2Frdc');
    expect(ssoStartUrl('LDC', '/ldc/a b')).toBe('/api/sso/start?area=ldc&returnPath=%2Fldc');
  });
});

describe('ssoErrorText', () => {
  it('shows the catalogue text of a known code', () => {
    expect(ssoErrorText(new URLSearchParams('sso_error=SSO_NO_ACCOUNT&email=ghost%40x.example'))).toBe(
      'No account is linked to ghost@x.example. Please contact the admin.',
    );
    expect(ssoErrorText(new URLSearchParams('sso_error=ACCOUNT_DISABLED'))).toBe(
      'This account is disabled. Ask an administrator to enable it again.',
    );
    expect(ssoErrorText(new URLSearchParams('sso_error=SSO_FAILED'))).toBe('Sign-in with your organisation failed. Please try again.');
  });

  it('ignores unknown codes and their absence', () => {
    expect(ssoErrorText(new URLSearchParams('sso_error=<script>'))).toBeUndefined();
    expect(ssoErrorText(new URLSearchParams(''))).toBeUndefined();
  });
});
