import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient, retryQuery } from './query-client.ts';

describe('query client', () => {
  it('an unknown document (404) fails at once, without a second try', async () => {
    const client = createQueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['document', 'IBD', 'RDC', '1999999999'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new ApiError(404, 'DOCUMENT_NOT_FOUND', 'IBD 1999999999 does not exist.'));
      },
    });
    const started = Date.now();
    const error = await new Promise<unknown>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.status === 'error') {
          stop();
          resolve(result.error);
        }
      });
    });
    expect(error).toMatchObject({ status: 404, code: 'DOCUMENT_NOT_FOUND' });
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("the number step's fetchQuery of an unknown number rejects after one call", async () => {
    const client = createQueryClient();
    let calls = 0;
    const started = Date.now();
    const fetched = client.fetchQuery({
      queryKey: ['document', 'DECOMM', 'LDC', '7999999999'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new ApiError(404, 'DOCUMENT_NOT_FOUND', 'DECOMM 7999999999 does not exist.'));
      },
    });
    await expect(fetched).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('tries once more after a network failure or a server error, never after a 4xx', () => {
    expect(retryQuery(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(retryQuery(0, new ApiError(503, 'HTTP_ERROR', 'x'))).toBe(true);
    expect(retryQuery(1, new ApiError(503, 'HTTP_ERROR', 'x'))).toBe(false);
    expect(retryQuery(0, new ApiError(404, 'DOCUMENT_NOT_FOUND', 'x'))).toBe(false);
    expect(retryQuery(0, new ApiError(400, 'INVALID_DATE_RANGE', 'x'))).toBe(false);
  });
});
