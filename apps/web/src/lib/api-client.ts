import { type MessageCode } from '@pharma/domain';
import { answerLanguage, message } from '../i18n/language.ts';
import { apiUrl, type ApiPath, type Method, type Operation, type PathsOf, type Request, type Success } from './api/paths.ts';

/** An API failure: the server's `{ code, message }` and the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole error body, for answers that carry more than `{ code, message }` (a form's `fields`). */
  readonly body: unknown;
  constructor(status: number, code: string, text: string, body?: unknown) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Raised when a 401 cannot be cured by a refresh (spec point 8): the user must sign in again. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REQUEST_ERROR';
}

/**
 * What an operator reads for a failed call: the server's message, never an HTTP status or a code
 * (issue 27: sign-in failure read '401: Invalid email or password.').
 */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return message('SOMETHING_WENT_WRONG');
}

/** Why the last session ended, when the server said (an administrator disabled the account): the login page says so. */
const SESSION_END_REASONS: readonly MessageCode[] = ['SESSION_ENDED_DISABLED'];
let sessionEnd: MessageCode | undefined;

/** The sentence explaining why this tab's session ended, if the server gave a reason. */
export function sessionEndNotice(): string | undefined {
  return sessionEnd && message(sessionEnd);
}

/** A new session (a sign-in) starts with nothing to explain. */
export function clearSessionEndNotice(): void {
  sessionEnd = undefined;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** false for calls whose 401 means "wrong credentials", not "session expired" (login). */
  refreshOnUnauthorized?: boolean;
  /** Validates and types a success body (a zod schema fits). */
  parse?: (body: unknown) => unknown;
}

/**
 * A call's options: the path's parameters, the query and the body as the operation declares them
 * (lib/api/paths.ts), and how to treat the answer. `parse` validates and types a success body (a zod
 * schema of the contract fits); without it the body is typed as the OpenAPI document declares it.
 */
export type CallOptions<O, T> = Request<O> & {
  /** false for calls whose 401 means "wrong credentials", not "session expired" (login). */
  refreshOnUnauthorized?: boolean;
  parse?: (body: unknown) => T;
};

/** A typed call of one method: the path is a template of the OpenAPI document (`/api/admin/users/{id}`). */
type Call<M extends Method> = <P extends PathsOf<M>, T = Success<Operation<P, M>>>(
  path: P,
  ...options: Record<string, never> extends Request<Operation<P, M>>
    ? [CallOptions<Operation<P, M>, T>?]
    : [CallOptions<Operation<P, M>, T>]
) => Promise<T>;

/** A call's options as the runtime reads them, whatever the operation. */
type LooseOptions = Omit<RequestOptions, 'method'> & { path?: Record<string, string | number>; query?: Record<string, never> };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const REFRESH_PATH = apiUrl('/api/refreshToken');

/**
 * The language the app's screens are in, asked of the server for its messages so that an answer reads
 * like the screen around it (decisions 0090, 0092): the one chosen at start (i18n/language.ts). A signed-in
 * user's saved language, when the server has one, answers first.
 */
export const SHOWN_LANGUAGE = (): string => answerLanguage();

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'code' in body && 'message' in body) {
    const { code, message: text } = body as { code: unknown; message: unknown };
    return new ApiError(status, String(code), String(text), body);
  }
  return new ApiError(status, 'HTTP_ERROR', message('SOMETHING_WENT_WRONG'));
}

/**
 * The API client. Every call carries the session cookies; on 401 it refreshes the session
 * once (one refresh shared by concurrent calls) and retries; if that fails it raises
 * REQUEST ERROR. Other non-2xx answers throw their `{ code, message }` with the status;
 * an empty 2xx body is a success (undefined).
 */
export function createApiClient(fetchFn: FetchLike) {
  let refreshing: Promise<{ ok: boolean; reason?: MessageCode }> | undefined;

  const send = (path: string, options: RequestOptions) =>
    fetchFn(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': SHOWN_LANGUAGE(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }).catch(() => {
      throw new ApiError(0, 'NETWORK_ERROR', message('SOMETHING_WENT_WRONG'));
    });

  /** Refreshes the session; when the server refuses with a reason the user should read, it is kept for the login page. */
  function refresh(): Promise<{ ok: boolean; reason?: MessageCode }> {
    refreshing ??= send(REFRESH_PATH, {})
      .then(async (response) => {
        if (response.ok) return { ok: true };
        const body = await readBody(response).catch(() => undefined);
        const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : '';
        const reason = SESSION_END_REASONS.find((r) => r === code);
        if (reason) sessionEnd = reason;
        return { ok: false, reason };
      })
      .catch(() => ({ ok: false }))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(path, options);
    if (response.status === 401 && options.refreshOnUnauthorized !== false) {
      const refreshed = await refresh();
      if (refreshed.ok) response = await send(path, options);
      if (!refreshed.ok || response.status === 401) {
        // The session is lost; when the server said why (the account was disabled), the error says so.
        throw new ApiError(401, 'REQUEST_ERROR', refreshed.reason ? message(refreshed.reason) : message('REQUEST_ERROR'));
      }
    }
    const body = await readBody(response);
    if (!response.ok) throw toError(response.status, body);
    return (options.parse && body !== undefined ? options.parse(body) : body) as T;
  }

  /** The typed call of a method: the URL built from the path template, its parameters and query (lib/api/paths.ts). */
  const call = <M extends Method>(method: M) =>
    ((path: ApiPath, { path: params, query, body, refreshOnUnauthorized, parse }: LooseOptions = {}) =>
      request(apiUrl(path, { path: params, query }), {
        method: method.toUpperCase() as RequestOptions['method'],
        body,
        refreshOnUnauthorized,
        parse,
      })) as Call<M>;

  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client, using the browser's fetch. */
export const api: ApiClient = createApiClient((input, init) => fetch(input, init));
