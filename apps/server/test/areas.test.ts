import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_IBDS } from '../src/seed/demo-documents.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

describe.each(DATABASES)('one receiving engine for both areas on %s', (kind) => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const who of ['rdc', 'ldc', 'viewer'] as const) as[who] = (await signIn(t.app, DEMO_USERS[who])).headers;
  });
  afterAll(() => t?.close());

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: as[who] });

  it('?area=LDC lists the local IBDs for local users, and only theirs', async () => {
    const res = await get('ldc', '/api/ibdList?area=LDC');
    expect(res.statusCode).toBe(200);
    const local = [DEMO_IBDS.local, DEMO_IBDS.localStock, DEMO_IBDS.liteStock, DEMO_IBDS.redressStock];
    expect(
      res
        .json()
        .data.map((d: { number: string }) => d.number)
        .sort(),
    ).toEqual(local.sort());
    expect((await get('ldc', '/api/ibdList')).statusCode).toBe(403);
    expect((await get('rdc', '/api/ibdList?area=LDC')).statusCode).toBe(403);
  });

  it('a document of the other area is not found', async () => {
    expect((await get('ldc', `/api/ibdNo/${DEMO_IBDS.open}?area=LDC`)).statusCode).toBe(404);
    expect((await get('ldc', `/api/ibdNo/${DEMO_IBDS.local}?area=LDC`)).statusCode).toBe(200);
  });

  it('the viewer reads lists and details but may not scan, complete or delete', async () => {
    expect((await get('viewer', '/api/ibdList?area=LDC')).statusCode).toBe(200);
    expect((await get('viewer', `/api/ibdNo/${DEMO_IBDS.local}?area=LDC`)).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/scanForOperation?area=LDC', { docType: 'IBD', docNo: DEMO_IBDS.local, code: '0012345', unit: 'CTN', scanId: randomUUID() }],
      ['/api/reverseOperation?area=LDC', { docType: 'IBD', docNo: DEMO_IBDS.local, code: '0012345', scanId: randomUUID() }],
      ['/api/completeReceive?area=LDC', { ibdNo: DEMO_IBDS.local }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: as.viewer, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_NOT_AUTHORIZED');
    }
  });
});
