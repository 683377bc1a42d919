import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { ZodApp } from '../src/lib/zod-app.ts';

/**
 * The requests API tests send through `inject`, in one place: each test file had its own `post`, `get`,
 * `scan` and `login` (issue 29). Headers come from harness.ts' `signIn` (or `localUserWith`).
 */

export type Headers = Record<string, string>;
export type Area = 'RDC' | 'LDC';

/** `url` in `area` (`?area=`, or `&area=` after a query of its own); `url` as it is without one. */
export function inArea(url: string, area?: Area | null): string {
  return area ? `${url}${url.includes('?') ? '&' : '?'}area=${area}` : url;
}

/**
 * What one user sends, by default: `as` (their headers) in `area` (or the area `area` gives for the headers sent).
 * Each call may name other headers or another area, or `null` for none. The app and headers are functions
 * because a test file starts its app and signs its users in `beforeAll`, after its describe block made these.
 */
export interface Requests {
  get(url: string, as?: Headers, area?: Area | null): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, as?: Headers, area?: Area | null): Promise<LightMyRequestResponse>;
  /** POST /api/scanForOperation of a GS1 code, with a new scanId unless one is given (a repeat sends the same). */
  scan(
    docType: string,
    docNo: string,
    code: string,
    unit: string,
    as?: Headers,
    area?: Area | null,
    scanId?: string,
  ): Promise<LightMyRequestResponse>;
}

/** Who sends by default: the test's app, the user's headers, and their area (or the area of the headers sent). */
export interface Sender {
  app: () => ZodApp;
  as: () => Headers;
  area?: Area | ((headers: Headers) => Area);
}

export function requests({ app, as, area }: Sender): Requests {
  const where = (url: string, headers: Headers, other: Area | null | undefined) =>
    inArea(url, other !== undefined ? other : typeof area === 'function' ? area(headers) : area);
  const post: Requests['post'] = (url, payload, headers = as(), other) =>
    app().inject({
      method: 'POST',
      url: where(url, headers, other),
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url, headers = as(), other) => app().inject({ method: 'GET', url: where(url, headers, other), headers }),
    post,
    scan: (docType, docNo, code, unit, headers, other, scanId = randomUUID()) =>
      post('/api/scanForOperation', { docType, docNo, code, unit, idType: 'GS1', scanId }, headers, other),
  };
}

/** POST /api/auth-login as a browser sends it, from `remoteAddress` when given (the sign-in limits count by address). */
export function login(app: ZodApp, identifier: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth-login',
    payload: { identifier, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
