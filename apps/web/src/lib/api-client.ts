import { message } from '@pharma/domain';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** false for calls whose 401 means "wrong credentials", not "session expired" (login). */
  refreshOnUnauthorized?: boolean;
  /** Validates and types a success body (a zod schema fits). */
  parse?: (body: unknown) => unknown;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const REFRESH_PATH = '/api/refreshToken';

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
  let refreshing: Promise<boolean> | undefined;

  const send = (path: string, options: RequestOptions) =>
    fetchFn(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        options.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }).catch(() => {
      throw new ApiError(0, 'NETWORK_ERROR', message('SOMETHING_WENT_WRONG'));
    });

  function refresh(): Promise<boolean> {
    refreshing ??= send(REFRESH_PATH, {})
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(path, options);
    if (response.status === 401 && options.refreshOnUnauthorized !== false) {
      const refreshed = await refresh();
      if (refreshed) response = await send(path, options);
      if (!refreshed || response.status === 401) {
        throw new ApiError(401, 'REQUEST_ERROR', message('REQUEST_ERROR'));
      }
    }
    const body = await readBody(response);
    if (!response.ok) throw toError(response.status, body);
    return (options.parse && body !== undefined ? options.parse(body) : body) as T;
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client, using the browser's fetch. */
export const api: ApiClient = createApiClient((input, init) => fetch(input, init));
