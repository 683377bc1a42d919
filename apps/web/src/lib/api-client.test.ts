import { describe, expect, it } from 'vitest';
import {
  ApiError,
  clearSessionEndNotice,
  createApiClient,
  errorText,
  REFRESH_PATH,
  sessionEndNotice,
  type FetchLike,
} from './api-client.ts';

type Reply = { status: number; body?: unknown };

/** A fake fetch answering from a script per path, recording every call. */
function fakeFetch(script: Record<string, Reply[]>) {
  const calls: { path: string; init: RequestInit }[] = [];
  const fetchFn: FetchLike = async (path, init) => {
    calls.push({ path, init });
    const reply = script[path]?.shift() ?? { status: 500 };
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, { status: reply.status });
  };
  return { fetchFn, calls };
}

describe('api client', () => {
  it('sends cookies (same-origin) and JSON, and returns the body', async () => {
    const { fetchFn, calls } = fakeFetch({ '/api/auth-login': [{ status: 200, body: { a: 1 } }] });
    const result = await createApiClient(fetchFn).post('/api/auth-login', { body: { identifier: 'a@b.c', password: 'p' } });
    expect(result).toEqual({ a: 1 });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.body).toBe('{"identifier":"a@b.c","password":"p"}');
    expect((calls[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    // The server's messages in the screens' language (English until the web's catalogues come), whatever the browser's.
    expect((calls[0]?.init.headers as Record<string, string>)['accept-language']).toBe('en');
  });

  it('treats an empty body as success', async () => {
    const { fetchFn } = fakeFetch({ '/api/auth-logout': [{ status: 204 }] });
    await expect(createApiClient(fetchFn).post('/api/auth-logout')).resolves.toBeUndefined();
  });

  it('on 401 refreshes once and retries', async () => {
    const { fetchFn, calls } = fakeFetch({
      '/api/me': [
        { status: 401, body: { code: 'NOT_SIGNED_IN', message: 'x' } },
        { status: 200, body: { ok: true } },
      ],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'a', refresh_token: 'r' } }],
    });
    await expect(createApiClient(fetchFn).get('/api/me')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.path)).toEqual(['/api/me', REFRESH_PATH, '/api/me']);
  });

  it('raises REQUEST ERROR when the refresh fails', async () => {
    const { fetchFn, calls } = fakeFetch({ '/api/me': [{ status: 401 }], [REFRESH_PATH]: [{ status: 401 }] });
    const error = await createApiClient(fetchFn)
      .get('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'REQUEST_ERROR', message: 'REQUEST ERROR' });
    expect(calls).toHaveLength(2);
  });

  it('a refresh refused because the account was disabled says so, and keeps it for the login page (issue 27)', async () => {
    const disabled = { code: 'SESSION_ENDED_DISABLED', message: 'x' };
    const { fetchFn } = fakeFetch({ '/api/me': [{ status: 401 }], [REFRESH_PATH]: [{ status: 401, body: disabled }] });
    const text = 'You were signed out because an administrator disabled this account. Ask an administrator to enable it again.';
    await expect(createApiClient(fetchFn).get('/api/me')).rejects.toMatchObject({ status: 401, code: 'REQUEST_ERROR', message: text });
    expect(sessionEndNotice()).toBe(text);
    clearSessionEndNotice();
    expect(sessionEndNotice()).toBeUndefined();
  });

  it('an operator reads the message of a failed call, never its status or code (issue 27)', () => {
    expect(errorText(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'))).toBe('Invalid email or password.');
    expect(errorText(new ApiError(500, 'HTTP_ERROR', ''))).toBe('Something went wrong...');
    expect(errorText('boom')).toBe('Something went wrong...');
  });

  it('raises REQUEST ERROR when the retry is still 401, without a second refresh', async () => {
    const { fetchFn, calls } = fakeFetch({ '/api/me': [{ status: 401 }, { status: 401 }], [REFRESH_PATH]: [{ status: 200 }] });
    await expect(createApiClient(fetchFn).get('/api/me')).rejects.toMatchObject({ code: 'REQUEST_ERROR' });
    expect(calls.map((c) => c.path)).toEqual(['/api/me', REFRESH_PATH, '/api/me']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { fetchFn, calls } = fakeFetch({
      '/api/me': [{ status: 401 }, { status: 200, body: 1 }],
      '/api/health': [{ status: 401 }, { status: 200, body: 2 }],
      [REFRESH_PATH]: [{ status: 200 }],
    });
    const client = createApiClient(fetchFn);
    await expect(Promise.all([client.get('/api/me'), client.get('/api/health')])).resolves.toEqual([1, 2]);
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
  });

  it('does not refresh when told not to (login: 401 is wrong credentials)', async () => {
    const body = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' };
    const { fetchFn, calls } = fakeFetch({ '/api/auth-login': [{ status: 401, body }] });
    const call = createApiClient(fetchFn).post('/api/auth-login', {
      body: { identifier: 'a@b.c', password: 'x' },
      refreshOnUnauthorized: false,
    });
    await expect(call).rejects.toMatchObject({ status: 401, ...body });
    expect(calls).toHaveLength(1);
  });

  it('throws other non-2xx bodies with their status', async () => {
    const { fetchFn } = fakeFetch({
      '/api/health': [
        { status: 429, body: { code: 'TOO_MANY_REQUESTS', message: 'wait' } },
        { status: 502, body: '<html>' },
      ],
    });
    const client = createApiClient(fetchFn);
    await expect(client.get('/api/health')).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'wait' });
    await expect(client.get('/api/health')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'Something went wrong...' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const client = createApiClient(() => Promise.reject(new TypeError('offline')));
    await expect(client.get('/api/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('parses a success body with the given schema', async () => {
    const { fetchFn } = fakeFetch({ '/api/health': [{ status: 200, body: { n: 1 } }] });
    const parsed = await createApiClient(fetchFn).get('/api/health', { parse: (b) => ({ ...(b as object), parsed: true }) });
    expect(parsed).toEqual({ n: 1, parsed: true });
  });

  it('calls the path of the OpenAPI document with its parameters in place and its query', async () => {
    const { fetchFn, calls } = fakeFetch({ '/api/batches/M%201/B%2F1/status?area=LDC': [{ status: 200, body: {} }] });
    await createApiClient(fetchFn).put('/api/batches/{materialNo}/{batchNo}/status', {
      path: { materialNo: 'M 1', batchNo: 'B/1' },
      query: { area: 'LDC' },
      body: { status: 'ON_HOLD', reason: 'check' },
    });
    expect(calls.map((c) => [c.path, c.init.method])).toEqual([['/api/batches/M%201/B%2F1/status?area=LDC', 'PUT']]);
  });
});
