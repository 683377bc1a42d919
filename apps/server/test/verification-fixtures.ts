import { expect } from 'vitest';
import type { ZodApp } from '../src/lib/zod-app.ts';

/** The NMVS client the verification tests give W2010 and load into their simulator: its login id, user and password. */
export const NMVS_TEST_CLIENT = { clientLoginId: 'WH2010', userId: 'RDC-USER', password: 'nmvs-pass-2010' };

/**
 * Points W2010 at an NMVS (a simulator's address) with the test client's credentials, through the
 * integration PUT as the ERP sets it, W2010's SSCC issuer as the demo has it.
 */
export async function pointW2010AtNmvs(app: ZodApp, admin: Record<string, string>, url: string): Promise<void> {
  const client = NMVS_TEST_CLIENT;
  const set = await app.inject({
    method: 'PUT',
    url: '/api/integration/warehouses/W2010',
    headers: admin,
    payload: {
      gs1CompanyPrefix: '0614141',
      extensionDigit: '5',
      printers: [],
      verification: { system: 'NMVS', url, clientId: client.clientLoginId, user: client.userId, secret: client.password },
    },
  });
  expect(set.statusCode, set.body).toBe(200);
}

/** Sets a simulator's fault mode through its control API (`POST /_sim/faults`): ok, down, slow (by `delayMs`) or error. */
export async function simulatorFault(simulator: { url: string }, mode: 'ok' | 'down' | 'slow' | 'error', delayMs?: number): Promise<void> {
  const res = await fetch(`${simulator.url}/_sim/faults`, { method: 'POST', body: JSON.stringify({ mode, delayMs }) });
  expect(res.status).toBe(200);
}
