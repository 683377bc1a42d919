import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pharma-config-'));
const base = { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
const oidc = { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'pharma', OIDC_CLIENT_SECRET: 'secret' };

describe('single sign-on settings', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is off when no OIDC_* variable is set (or they are empty)', () => {
    expect(loadConfig(base).oidc).toBeUndefined();
    expect(loadConfig({ ...base, OIDC_ISSUER_URL: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' }).oidc).toBeUndefined();
  });

  it('builds the redirect_uri on PUBLIC_URL, else on localhost and PORT', () => {
    expect(loadConfig({ ...base, ...oidc, PUBLIC_URL: 'https://scan.example.com/' }).oidc).toEqual({
      issuer: new URL('https://id.example.com'),
      clientId: 'pharma',
      clientSecret: 'secret',
      redirectUri: 'https://scan.example.com/api/sso/callback',
      allowInsecure: false,
    });
    expect(loadConfig({ ...base, ...oidc, PORT: '8080' }).oidc?.redirectUri).toBe('http://localhost:8080/api/sso/callback');
  });

  it('needs all three OIDC_* variables, naming the missing ones', () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL })).toThrow(
      /OIDC_CLIENT_ID: must be set with the other OIDC_\* variables[\s\S]*OIDC_CLIENT_SECRET: must be set/,
    );
  });

  it('allows a plain-http issuer only on a loopback host', () => {
    expect(() => loadConfig({ ...base, ...oidc, OIDC_ISSUER_URL: 'http://id.example.com' })).toThrow(/OIDC_ISSUER_URL: must be https/);
    expect(loadConfig({ ...base, ...oidc, OIDC_ISSUER_URL: 'http://127.0.0.1:9000' }).oidc?.allowInsecure).toBe(true);
    expect(() => loadConfig({ ...base, ...oidc, OIDC_ISSUER_URL: 'not a url' })).toThrow(/OIDC_ISSUER_URL/);
  });
});

describe('printers, proxies and the audit key', () => {
  it('takes the printer ports as a list, 9100 by default, and refuses anything else', () => {
    expect(loadConfig(base).printers).toEqual({ ports: [9100], allowLoopback: false });
    expect(loadConfig({ ...base, PRINTER_PORTS: '9100, 6101', PRINTER_ALLOW_LOOPBACK: 'true' }).printers).toEqual({
      ports: [9100, 6101],
      allowLoopback: true,
    });
    expect(() => loadConfig({ ...base, PRINTER_PORTS: '9100,abc' })).toThrow(/PRINTER_PORTS: must be a comma-separated list/);
    expect(() => loadConfig({ ...base, PRINTER_PORTS: '70000' })).toThrow(/PRINTER_PORTS/);
  });

  it('believes only the configured proxy hops', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxy).toBe(2);
  });

  it('needs an audit key in production, from AUDIT_KEY or AUDIT_KEY_FILE, never both', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/AUDIT_KEY: must be set in production/);
    expect(() => loadConfig({ ...base, AUDIT_KEY: 'short' })).toThrow(/AUDIT_KEY: must be at least 32/);
    expect(() => loadConfig({ ...base, AUDIT_KEY_FILE: '/nonexistent/audit-key' })).toThrow(/AUDIT_KEY_FILE: names no file/);
    const key = 'audit-key-audit-key-audit-key-0123';
    expect(new TextDecoder().decode(loadConfig({ ...base, AUDIT_KEY: key }).audit.key)).toBe(key);
  });
});

describe('seeding and the first administrator', () => {
  it('seeds the demo by default, but not with NODE_ENV=production unless SEED_DEMO=true', () => {
    expect(loadConfig(base).seedDemo).toBe(true);
    const production = { ...base, NODE_ENV: 'production', AUDIT_KEY: 'audit-key-audit-key-audit-key-0123' };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('takes ADMIN_EMAIL with ADMIN_PASSWORD: both, the password rule with 12+ characters, never the demo password', () => {
    expect(loadConfig({ ...base, ADMIN_EMAIL: 'Ops@Example.com', ADMIN_PASSWORD: 'A long#passphrase9' }).firstAdmin).toEqual({
      email: 'ops@example.com',
      password: 'A long#passphrase9',
    });
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'ops@example.com' })).toThrow(/ADMIN_PASSWORD: must be set/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: Password did not meet criteria\. It needs at least 12 characters \(it has 5\)/,
    );
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Scan#2026' })).toThrow(/ADMIN_PASSWORD/);
  });
});
