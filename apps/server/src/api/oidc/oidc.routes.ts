import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { SSO_ERRORS, SsoCallbackQuery, SsoConfigResponse, SsoStartQuery, type SsoArea, type SsoError } from '@pharma/domain/contract/sso';
import type { ZodApp } from '../../lib/zod-app.ts';
import { AppError } from '../../lib/errors.ts';
import { setSessionCookies } from '../../plugins/auth.ts';
import { PENDING_SECONDS, type OidcService } from './oidc.service.ts';

/** The pending sign-in: encrypted, httpOnly, sent back only to /api/sso. */
export const SSO_COOKIE = 'sso_pending';
const SSO_COOKIE_PATH = '/api/sso';
const Redirect = z.null().describe('A redirect (Location header)');

/** Always answers /api/sso/config; the sign-in routes exist only when OIDC_* are set. */
export function oidcRoutes(app: ZodApp, sso: OidcService | undefined): void {
  app.get('/api/sso/config', {
    config: { requirement: { public: true } },
    schema: { tags: ['sso'], summary: 'Whether "Sign in with your organisation" is offered', response: { 200: SsoConfigResponse } },
    handler: async () => ({ enabled: sso !== undefined }),
  });
  if (!sso) return;

  app.get('/api/sso/start', {
    config: { requirement: { public: true } },
    schema: {
      tags: ['sso'],
      summary: 'Start signing in with the organisation: redirects to its OpenID provider',
      querystring: SsoStartQuery,
      response: { 302: Redirect, 400: ErrorBody },
    },
    handler: async (request, reply) => {
      const { area, returnPath } = request.query;
      try {
        const { url, sealed } = await sso.start(area, returnPath);
        // sameSite lax: the cookie must come back on the provider's cross-site redirect.
        reply.setCookie(SSO_COOKIE, sealed, {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: SSO_COOKIE_PATH,
          maxAge: PENDING_SECONDS,
        });
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on could not start');
        return reply.redirect(loginPage(area, error), 302);
      }
    },
  });

  app.get('/api/sso/callback', {
    config: { requirement: { public: true } },
    schema: {
      tags: ['sso'],
      summary: "The OpenID provider's redirect back: signs in and redirects to the page asked for",
      querystring: SsoCallbackQuery,
      response: { 302: Redirect, 400: ErrorBody },
    },
    handler: async (request, reply) => {
      const pending = await sso.unseal(request.cookies[SSO_COOKIE]);
      reply.clearCookie(SSO_COOKIE, { path: SSO_COOKIE_PATH });
      // No pending sign-in in this browser (expired, tampered, or started elsewhere): no area to go back to.
      if (!pending) throw new AppError(400, 'SSO_FAILED');
      try {
        const session = await sso.finish(pending, rawQuery(request));
        setSessionCookies(request, reply, session.accessToken, session.refreshToken);
        return reply.redirect(pending.returnPath, 302);
      } catch (error) {
        if (!(error instanceof AppError)) request.log.warn({ err: error }, 'single sign-on failed');
        return reply.redirect(loginPage(pending.area, error), 302);
      }
    },
  });
}

function isSsoError(code: string): code is SsoError {
  return (SSO_ERRORS as readonly string[]).includes(code);
}

/** `/{area}/login?sso_error=CODE` (and `email` for SSO_NO_ACCOUNT): the web shows the catalogue's text. */
function loginPage(area: SsoArea, error: unknown): string {
  const code: SsoError = error instanceof AppError && isSsoError(error.code) ? error.code : 'SSO_FAILED';
  const query = new URLSearchParams({ sso_error: code });
  if (code === 'SSO_NO_ACCOUNT' && error instanceof AppError) query.set('email', String(error.params.email));
  return `/${area}/login?${query}`;
}

/** The callback's query string exactly as received: openid-client checks every parameter. */
function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}
