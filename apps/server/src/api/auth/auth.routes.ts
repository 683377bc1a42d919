import { z } from 'zod';
import { loginErrorText } from '@pharma/domain';
import { AuthorizationTree, LoginRequest, LoginResponse, SessionResponse } from '@pharma/domain/contract/auth';
import { ErrorBody } from '@pharma/domain/contract/common';
import type { ZodApp } from '../../lib/zod-app.ts';
import { REFRESH_COOKIE, accessTokenOf, clearSessionCookies, setAccessCookie, setSessionCookies } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';

const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

export function authRoutes(app: ZodApp, auth: AuthService): void {
  app.post('/api/auth-login', {
    config: { requirement: { public: true } },
    schema: { tags: ['auth'], summary: 'Sign in with email and password', body: LoginRequest, response: { 200: LoginResponse, ...errors } },
    handler: async (request, reply) => {
      try {
        const session = await auth.login(request.body.identifier, request.body.password, request.ip);
        setSessionCookies(request, reply, session.accessToken, session.refreshToken);
        return { jwt: session.accessToken, user: session.user };
      } catch (error) {
        // In login error messages the word identifier is replaced by email (spec point 5).
        if (error instanceof AppError) error.message = loginErrorText(error.message);
        throw error;
      }
    },
  });

  app.post('/api/auth-logout', {
    config: { requirement: { public: true } },
    schema: { tags: ['auth'], summary: 'Sign out: revokes the session', response: { 204: z.null() } },
    handler: async (request, reply) => {
      // However the caller signed in: the bearer header or the cookies; both sessions end if they differ.
      const access = accessTokenOf(request);
      const principal = access ? await auth.principal(access) : undefined;
      await auth.logout(request.cookies[REFRESH_COOKIE], principal);
      clearSessionCookies(reply);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/refreshToken', {
    config: { requirement: { public: true } },
    schema: {
      tags: ['auth'],
      summary: 'Rotate the refresh token (query refresh_token, or the cookie)',
      querystring: z.object({ refresh_token: z.string().min(1).optional() }),
      response: { 200: TokenPair, 401: ErrorBody },
    },
    handler: async (request, reply) => {
      const token = request.query.refresh_token ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError(401, 'NOT_SIGNED_IN');
      const pair = await auth.refresh(token);
      setSessionCookies(request, reply, pair.accessToken, pair.refreshToken);
      return { access_token: pair.accessToken, refresh_token: pair.refreshToken };
    },
  });

  app.get('/api/getToken', {
    config: { requirement: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary: 'A fresh access token for the current session',
      response: { 200: z.object({ jwt: z.string() }), 401: ErrorBody },
    },
    handler: async (request) => ({ jwt: await auth.reissue(request.principal!) }),
  });

  app.get('/api/signin-with-jwt/:nric', {
    config: { requirement: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary: 'Hand a bearer session to this browser: sets the session cookie when the token belongs to the NRIC',
      params: z.object({ nric: z.string().min(1).max(20) }),
      response: { 200: LoginResponse, 401: ErrorBody, 403: ErrorBody },
    },
    handler: async (request, reply) => {
      const jwt = await auth.handOver(request.principal!, request.params.nric);
      setAccessCookie(request, reply, jwt);
      return { jwt, user: request.principal!.user };
    },
  });

  app.get('/api/me', {
    config: { requirement: { signedIn: true } },
    schema: { tags: ['auth'], summary: 'The signed-in user and what they may do', response: { 200: SessionResponse, 401: ErrorBody } },
    handler: async (request) => ({ user: request.principal!.user, authorization: request.principal!.authorization }),
  });

  app.get('/auth/authorizeMicroApp', {
    config: { requirement: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary: 'The areas and permission tree of the signed-in user',
      response: { 200: AuthorizationTree, 401: ErrorBody },
    },
    handler: async (request) => request.principal!.authorization,
  });
}
