/**
 * A real OpenID provider (oidc-provider, development login and consent pages) for the
 * single sign-on journeys, on a fixed loopback port. Any login is accepted and becomes the
 * account's email, so a test signs in "as" any address; the app maps it to its user by email.
 *
 *   node --import tsx e2e/support/oidc-provider.ts
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { OIDC } from './settings.ts';

// oidc-provider announces its development defaults on the console; these journeys mean them.
for (const method of ['warn', 'info'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider')) return;
    original(...args);
  };
}

// Imported after the console filter: the package warns as it loads.
const { Provider } = await import('oidc-provider');
const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const provider = new Provider(OIDC.issuer, {
  clients: [
    {
      client_id: OIDC.clientId,
      client_secret: OIDC.clientSecret,
      redirect_uris: [OIDC.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  jwks: { keys: [{ ...key, kid: 'e2e', alg: 'RS256', use: 'sig' }] },
  cookies: { keys: ['a-cookie-key-for-the-e2e-provider-only'] },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: sub, email_verified: true, name: sub }),
  }),
});

const server = createServer(provider.callback());
server.listen(OIDC.port, '127.0.0.1', () => {
  process.stdout.write(`OpenID provider for e2e on ${OIDC.issuer}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
