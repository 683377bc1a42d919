/** Ports and client settings shared by the e2e app server, its OpenID provider and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const APP_URL = `http://127.0.0.1:${E2E_PORT}`;

const port = Number(process.env.E2E_OIDC_PORT ?? 3312);
export const OIDC = {
  port,
  issuer: `http://127.0.0.1:${port}`,
  clientId: 'pharma-scan-e2e',
  clientSecret: 'a-client-secret-for-the-e2e-provider-only',
  redirectUri: `${APP_URL}/api/sso/callback`,
} as const;

/** Short-lived access tokens for the whole run (minimum 5), so a journey can outlive one and prove the refresh. */
export const ACCESS_TOKEN_SECONDS = 6;
