import { z } from 'zod';

/**
 * Single sign-on with the organisation's OpenID provider (decision 0005). The browser
 * navigates to `/api/sso/start`; the provider sends it back to `/api/sso/callback`, which sets
 * the session cookies and redirects to `returnPath`, or to `/{area}/login?sso_error=CODE`.
 */
export const SSO_AREAS = ['rdc', 'ldc'] as const;
export const SsoArea = z.enum(SSO_AREAS);
export type SsoArea = z.infer<typeof SsoArea>;

/** A path on this site: starts with one `/`, never `//` or `/\` (which browsers read as another host). */
export const ReturnPath = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path on this site');

/** GET /api/sso/config: whether the login pages offer "Sign in with your organisation". */
export const SsoConfigResponse = z.object({ enabled: z.boolean() });
export type SsoConfigResponse = z.infer<typeof SsoConfigResponse>;

/** GET /api/sso/start: the area whose login page the user came from, and where to land after. */
export const SsoStartQuery = z.object({
  area: SsoArea,
  returnPath: ReturnPath.optional(),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuery>;

/** GET /api/sso/callback: the provider's authorization response (RFC 6749 4.1.2, RFC 9207). */
export const SsoCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The codes `sso_error` may carry on the login page; `SSO_NO_ACCOUNT` comes with `email`. */
export const SSO_ERRORS = ['SSO_FAILED', 'SSO_NO_ACCOUNT', 'ACCOUNT_DISABLED'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
