import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type ConnectionOptions } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNmvsRequest, parseNmvsAnswer, type NmvsCredentials, type NmvsProduct } from '../nmvs/wire.ts';
import { startNmvsSimulator, type NmvsSimulator } from './nmvs-server.ts';

/**
 * The NMVS simulator over HTTPS with a client certificate required (issue 28, decision 0081 "Client
 * certificate"): the real NMVS authenticates a client by its TLS client certificate as well as by the
 * credentials in the message (securmed.org.uk: "a valid set of user credentials and certificate"). The
 * certificates are the TEST ONLY ones of test-certs/ (made by its make.sh).
 */

const CERTS = new URL('../../test-certs/', import.meta.url);
const pem = (file: string) => readFileSync(new URL(file, CERTS), 'utf8');
const CA = pem('ca.pem');
const CLIENT_CERT = { cert: pem('client.pem'), key: pem('client.key') };
const SINGLE = '/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50';
const CLIENT: NmvsCredentials = { clientLoginId: 'WH2010', userId: 'RDC-USER', password: 'nmvs-pass-2010' };
const PRODUCT: NmvsProduct = { gtin: '04150123456782', batch: 'B123', expiry: '270531' };

/** The clients a gateway trusting ca.pem refuses: what each presents. */
const REFUSED: [string, Pick<ConnectionOptions, 'cert' | 'key'>][] = [
  ['no client certificate', {}],
  ['a client certificate of another CA', { cert: pem('other-client.pem'), key: pem('other-client.key') }],
  ['an expired client certificate', { cert: pem('client-expired.pem'), key: pem('client-expired.key') }],
];

let simulator: NmvsSimulator;
let trx = 0;

beforeAll(async () => {
  simulator = await startNmvsSimulator({
    port: 3611,
    clients: [CLIENT],
    packs: [{ ...PRODUCT, serial: 'SN0001' }],
    tls: { cert: pem('server.pem'), key: pem('server.key'), ca: CA },
  });
});
afterAll(() => simulator.close());

/** One HTTPS request, trusting the test CA, presenting what `client` holds; its status and body, or the error it failed with. */
function send(
  path: string,
  client: Pick<ConnectionOptions, 'cert' | 'key'>,
  body?: string,
): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = httpsRequest(
      `${simulator.url}${path}`,
      { method: body === undefined ? 'GET' : 'POST', ca: CA, ...client, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

const verify = (client: Pick<ConnectionOptions, 'cert' | 'key'>) =>
  send(
    SINGLE,
    client,
    buildNmvsRequest({ code: 'G110', credentials: CLIENT, clientTrxId: `TLS-${++trx}`, product: PRODUCT, serials: ['SN0001'] }),
  );

async function history(): Promise<unknown[]> {
  const answer = await send(`/_sim/packs/${PRODUCT.gtin}/SN0001`, CLIENT_CERT);
  if (!('status' in answer) || answer.status !== 200) throw new Error(`the control API answered ${JSON.stringify(answer)}`);
  return (JSON.parse(answer.text) as { history: unknown[] }).history;
}

/** A TLS 1.2 handshake alone (where the client certificate is checked inside the handshake): 'secure', or the error that ended it. */
function handshake(client: Pick<ConnectionOptions, 'cert' | 'key'>): Promise<string> {
  const { hostname, port } = new URL(simulator.url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), ca: CA, maxVersion: 'TLSv1.2', ...client });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve('secure');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('NMVS simulator over HTTPS with a client certificate', () => {
  it('serves https:// and answers a G110 from a client with the certificate (and its chain) the CA issued', async () => {
    expect(simulator.url).toBe('https://127.0.0.1:3611');
    const answer = await verify(CLIENT_CERT);
    expect(answer).toMatchObject({ status: 200 });
    expect(parseNmvsAnswer((answer as { text: string }).text)).toMatchObject({ code: 'G110', returnCode: 'NMVS_SUCCESS' });
    expect(await history()).toEqual([expect.objectContaining({ code: 'G110', clientTrxId: `TLS-${trx}`, returnCode: 'NMVS_SUCCESS' })]);
  });

  it.each(REFUSED)('refuses %s in the TLS handshake: no answer at all, nothing applied', async (_case, client) => {
    const before = (await history()).length;
    const answer = await verify(client);
    expect(answer).toEqual({ error: expect.any(String) });
    // Its control API is behind the same gate.
    expect(await send(`/_sim/packs/${PRODUCT.gtin}/SN0001`, client)).toEqual({ error: expect.any(String) });
    expect(await history()).toHaveLength(before);
  });

  it('the refusal is the handshake itself: a TLS 1.2 client never gets the secure connection', async () => {
    expect(await handshake(CLIENT_CERT)).toBe('secure');
    // No certificate: OpenSSL's own alert. One not trusted or expired: Node's TLS stack closes the
    // connection before its Finished (it sends no alert for a certificate it refuses).
    expect(await handshake({})).toBe('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE');
    expect(await handshake(REFUSED[1]![1])).toBe('ECONNRESET');
    expect(await handshake(REFUSED[2]![1])).toBe('ECONNRESET');
  });

  it('does not speak plain HTTP on its port', async () => {
    const answer = await new Promise<string>((resolve) => {
      const request = httpRequest(`${simulator.url.replace('https:', 'http:')}${SINGLE}`, { method: 'POST' }, (response) =>
        resolve(`HTTP ${response.statusCode ?? 0}`),
      );
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end('<x/>');
    });
    expect(answer).not.toMatch(/^HTTP/);
  });
});
