import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, familyAction, type Application, type Locale, type Need, type Registry, type Requirement } from '@pharma/domain';
import { SESSION_SECONDS } from '../config.ts';
import type { AuthService, Principal } from '../api/auth/auth.service.ts';
import { AppError } from '../lib/errors.ts';
import { localeOf } from './language.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs. Every /api and /auth route must declare it. */
    requirement?: Requirement;
    /**
     * The route serves both areas: the query parameter `area` (RDC or LDC) replaces the declared
     * application, so one route and one check serve both sites (the declared one is the default).
     */
    areaParam?: boolean;
    /**
     * The module comes from the document family named by this body field (`docType`; the query's on
     * a GET): the gate checks the area and the action in some module of the area first, then, once the
     * body is read (before and after validation), the family's module with them.
     */
    familyField?: string;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    /** Every guarded route with its declared requirement: the permission matrix walks it. */
    routeTable: RouteDeclaration[];
  }
}

export interface RouteDeclaration {
  method: string;
  url: string;
  requirement: Requirement;
}

export const ACCESS_COOKIE = 'jwt';
export const REFRESH_COOKIE = 'refresh_token';

/** Paths whose routes must declare a requirement; the web app's static files are public. */
export function isGuardedPath(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/auth');
}

/**
 * Reads the bearer token or the session cookie, resolves the caller, and enforces the
 * route's declared requirement with the same `authorize()` the web uses, over the modules of the
 * registry the server runs (decision 0085).
 */
export function registerAuth(app: FastifyInstance, auth: AuthService, registry: Registry): void {
  app.decorate('routeTable', [] as RouteDeclaration[]);
  app.addHook('onRoute', (route) => {
    if (!isGuardedPath(route.url)) return;
    if (!route.config?.requirement && route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, requirement: { public: true } };
    }
    const requirement = route.config?.requirement;
    if (!requirement) throw new Error(`Route ${String(route.method)} ${route.url} declares no requirement`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, requirement });
    }
  });

  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const { requirement, areaParam } = request.routeOptions.config;
    if (!requirement) return;
    const token = accessTokenOf(request);
    if (token) request.principal = await auth.principal(token);
    const result = authorize(areaParam ? inArea(requirement, request) : requirement, request.principal?.authorization, registry);
    if (!result.ok && !familyOwnAction(registry, request)) throw new AppError(result.status, result.code);
  });
  // The family's module: before validation, so a caller without it is refused (403) whatever the rest
  // of the body says, and again on the validated body, which the handler reads.
  app.addHook('preValidation', async (request) => checkFamilyModule(registry, request));
  app.addHook('preHandler', async (request) => checkFamilyModule(registry, request));
}

/** With `familyField`: the module of the family the body (a GET's query) names, with the route's feature or action. */
function checkFamilyModule(registry: Registry, request: FastifyRequest): void {
  const { requirement, areaParam, familyField } = request.routeOptions.config;
  if (!requirement || !familyField || !('application' in requirement)) return;
  const fields = (request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body) as
    Record<string, unknown> | null | undefined;
  const named = fields && typeof fields === 'object' ? fields[familyField] : undefined;
  const family = registry.familyOf(typeof named === 'string' ? named : '');
  if (!family) return;
  const declared = areaParam ? inArea(requirement, request) : requirement;
  // The family's own name for the action (a stock take's scan needs Count, decision 0079).
  const action = 'action' in declared && declared.action ? familyAction(family, declared.action) : undefined;
  const inFamily = { ...declared, module: family.module, ...(action ? { action } : {}) };
  const result = authorize(inFamily, request.principal?.authorization, registry);
  if (!result.ok) throw new AppError(result.status, result.code);
}

/**
 * With `familyField`, before the body is read: whether the caller holds, in some module of the area, a
 * family's own name for the route's action (Count for a stock take's scan, decision 0079). The family's
 * module is checked once the body names it, with that family's action.
 */
function familyOwnAction(registry: Registry, request: FastifyRequest): boolean {
  const { requirement, areaParam, familyField } = request.routeOptions.config;
  if (!requirement || !familyField || !('application' in requirement) || !requirement.action) return false;
  const declared = areaParam ? inArea(requirement, request) : requirement;
  if (!('application' in declared)) return false;
  const own = new Set(registry.families.map((f) => familyAction(f, requirement.action!)).filter((a) => a !== requirement.action));
  return [...own].some((action) => authorize({ ...declared, action }, request.principal?.authorization, registry).ok);
}

/** A route serving both areas (`?area=RDC|LDC`, RDC by default) that needs `need` in the area called. */
export function neededInArea(need: Need): { requirement: Requirement; areaParam: true } {
  return { requirement: { application: 'RDC', ...need }, areaParam: true };
}

function inArea(requirement: Requirement, request: FastifyRequest): Requirement {
  const area = (request.query as { area?: unknown } | undefined)?.area;
  if ('application' in requirement && (area === 'RDC' || area === 'LDC')) return { ...requirement, application: area };
  return requirement;
}

/**
 * Who calls, for a service: the signed-in user, the area the route was called for (`?area=`) and the
 * language of the answer's messages (`localeOf`, decision 0090). Only on a guarded route, where the auth
 * hook has set the principal.
 */
export function callerOf(request: Pick<FastifyRequest, 'principal' | 'headers'> & { query: { area: Application } }): {
  userId: string;
  area: Application;
  locale: Locale;
} {
  return { userId: request.principal!.user.id, area: request.query.area, locale: localeOf(request) };
}

/** The caller's access token: the bearer header (scripts, the ERP) or the session cookie (the browser). */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Session cookies: httpOnly, SameSite strict, secure over https, 7 days (spec point 9). */
function cookieOptions(request: FastifyRequest, path: string) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https', maxAge: SESSION_SECONDS, path };
}

export function setAccessCookie(request: FastifyRequest, reply: FastifyReply, access: string): void {
  reply.setCookie(ACCESS_COOKIE, access, cookieOptions(request, '/'));
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, access: string, refresh: string): void {
  setAccessCookie(request, reply, access);
  reply.setCookie(REFRESH_COOKIE, refresh, cookieOptions(request, '/api'));
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
}
