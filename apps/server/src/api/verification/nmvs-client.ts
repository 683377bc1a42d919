import { message } from '@pharma/domain';
import {
  buildNmvsRequest,
  NMVS_BULK_RESULT_CODE,
  NMVS_SUCCESS,
  nmvsCode,
  NmvsWireError,
  parseNmvsAnswer,
  type NmvsAnswer,
  type NmvsCredentials,
  type NmvsKind,
  type NmvsRequest,
} from '@pharma/national-systems/nmvs';
import {
  clientTrxIdOf,
  isRetryableStatus,
  networkDetail,
  type Connection,
  type NationalSystem,
  type SystemAnswer,
  type SystemCall,
  type Timing,
} from './national-system.ts';
import { dispatcherFor, handshakeFailure } from './client-tls.ts';
import { ALREADY_USED, bulkAnswer, desc, isBulk, refusedWhole, repeatedAnswer, singleAnswer, unknownPack } from './nmvs-answers.ts';

/**
 * The NMVS (EU FMD) over its SOAP 1.2 wire (decision 0081 section 1): single-pack requests to the
 * single-pack service, bulk requests (G1x5, G1x7) to the bulk service, their result fetched with G188
 * until it is ready or the wait is over (the outbox fetches it later with the stored NMVSTrxId, never
 * sending the bulk request twice). A request answered NMVS_TE_TX_01 had been applied before (the
 * server stopped before it recorded the answer): the packs' state is read with a verify (G110, or
 * G115 for a bulk) and recorded as the answer.
 */

/** Both services on one base address (0081: one port for both, our simplification); interface v5.0. */
const SINGLE_SERVICE = '/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50';
const BULK_SERVICE = '/WS_BULK_TRANSACTIONS_V1/BulkServiceV50';
const CONTENT_TYPE = 'application/soap+xml; charset=utf-8';
/** G188's answer while the bulk job runs (0081: our choice, the nearest code of S2). */
const NOT_READY = 'NMVS_FE_TX_02';
/** The first pause between two G188 polls, and the longest. */
const FIRST_POLL_MS = 25;
const LONGEST_POLL_MS = 1000;

type Exchange = { kind: 'answer'; answer: NmvsAnswer } | Extract<SystemAnswer, { kind: 'pending' | 'failed' }>;

export class NmvsClient implements NationalSystem {
  constructor(
    private readonly connection: Connection,
    private readonly timing: Timing,
    /** A new ClientTrxId for the requests that only read (G188 polls, the verify after NMVS_TE_TX_01). */
    private readonly newTrxId: () => string,
  ) {}

  verify(call: SystemCall): Promise<SystemAnswer> {
    return this.run(call);
  }

  decommission(call: SystemCall): Promise<SystemAnswer> {
    return this.run(call);
  }

  undo(call: SystemCall): Promise<SystemAnswer> {
    return this.run(call);
  }

  private run(call: SystemCall): Promise<SystemAnswer> {
    return isBulk(call) ? this.bulk(call) : this.single(call);
  }

  private async single(call: SystemCall): Promise<SystemAnswer> {
    const sent = await this.exchange(SINGLE_SERVICE, (credentials) => this.request(call, credentials));
    if (sent.kind !== 'answer') return sent;
    if (sent.answer.returnCode !== ALREADY_USED) return singleAnswer(call, sent.answer);
    const probedWith = this.newTrxId();
    const probe = await this.exchange(SINGLE_SERVICE, (credentials) => ({
      ...this.request(call, credentials, 'single', probedWith),
      code: nmvsCode('verify', 'single'),
    }));
    if (probe.kind !== 'answer') return probe;
    return { ...repeatedAnswer(call, probe.answer.packs.length > 0 ? probe.answer.packs : [unknownPack(call, probe.answer)]), probedWith };
  }

  private async bulk(call: SystemCall): Promise<SystemAnswer> {
    if (call.systemTrxId !== null) return this.bulkResult(call, call.systemTrxId);
    const ack = await this.exchange(BULK_SERVICE, (credentials) => this.request(call, credentials));
    if (ack.kind !== 'answer') return ack;
    if (ack.answer.returnCode === ALREADY_USED) return this.probeBulk(call);
    if (ack.answer.returnCode !== NMVS_SUCCESS) return refusedWhole(call, ack.answer);
    return this.bulkResult(call, ack.answer.nmvsTrxId);
  }

  /** The result of an acknowledged bulk request; not ready within the wait, the sender fetches it later with the same NMVSTrxId. */
  private async bulkResult(call: SystemCall, systemTrxId: string): Promise<SystemAnswer> {
    const result = await this.poll(systemTrxId);
    if (result.kind === 'pending') return { ...result, systemTrxId };
    if (result.kind === 'failed') return result;
    return { ...bulkAnswer(call, result.answer.packs), systemTrxId };
  }

  /** A bulk request applied before: its packs read with a bulk verify (G115); not ready within the wait, the request is sent again later. */
  private async probeBulk(call: SystemCall): Promise<SystemAnswer> {
    const probedWith = this.newTrxId();
    const ack = await this.exchange(BULK_SERVICE, (credentials) => ({
      ...this.request(call, credentials, 'bulk', probedWith),
      code: nmvsCode('verify', 'bulk'),
    }));
    if (ack.kind !== 'answer') return ack;
    if (ack.answer.returnCode !== NMVS_SUCCESS) return refusedWhole(call, ack.answer);
    const result = await this.poll(ack.answer.nmvsTrxId);
    if (result.kind !== 'answer') return result;
    return { ...repeatedAnswer(call, result.answer.packs), probedWith };
  }

  private async poll(systemTrxId: string): Promise<Exchange> {
    const deadline = Date.now() + this.timing.bulkWaitMs;
    for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, LONGEST_POLL_MS)) {
      const got = await this.exchange(BULK_SERVICE, (credentials) => ({
        code: NMVS_BULK_RESULT_CODE,
        credentials,
        clientTrxId: this.newTrxId(),
        serials: [],
        refNmvsTrxId: systemTrxId,
      }));
      if (got.kind !== 'answer' || got.answer.returnCode === NMVS_SUCCESS) return got;
      if (got.answer.returnCode !== NOT_READY) return failedWith(got.answer);
      if (Date.now() + pause > deadline)
        return { kind: 'pending', detail: message('VERIFICATION_DETAIL_BULK_RUNNING', { nmvsTrxId: systemTrxId }) };
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** The call's request: its own ClientTrxId unless another is given; an undo names the request it undoes. */
  private request(
    call: SystemCall,
    credentials: NmvsCredentials,
    kind: NmvsKind = call.kind,
    clientTrxId = clientTrxIdOf(call.id),
  ): NmvsRequest {
    return {
      code: nmvsCode(call.operation, kind),
      credentials,
      clientTrxId,
      product: { ...call.product },
      serials: [...call.serials],
      ...((kind === 'undo' || kind === 'bulkUndo') && call.refId !== null ? { refClientTrxId: clientTrxIdOf(call.refId) } : {}),
    };
  }

  /**
   * One SOAP exchange, presenting the client certificate when one is set. Network failures, HTTP 408, 429
   * and 5xx and NMVS_ERROR are "not yet"; other HTTP statuses, a message that cannot be built or read, a
   * schema error (NMVS_TE_XM_*), refused credentials and a failed TLS handshake cannot succeed as sent
   * (S6: never resend a schema error).
   */
  private async exchange(service: string, build: (credentials: NmvsCredentials) => NmvsRequest): Promise<Exchange> {
    const { clientId, user, secret, certificate } = this.connection;
    if (clientId === null || user === null || secret === null)
      return { kind: 'failed', detail: message('VERIFICATION_DETAIL_CREDENTIALS') };
    const privateKey = certificate?.privateKey;
    if (privateKey === null) return { kind: 'failed', detail: message('VERIFICATION_DETAIL_CERTIFICATE_KEY') };
    let xml: string;
    try {
      xml = buildNmvsRequest(build({ clientLoginId: clientId, userId: user, password: secret }), { version: '5.0' });
    } catch (error) {
      if (error instanceof NmvsWireError) return { kind: 'failed', detail: error.message };
      throw error;
    }
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.connection.url.replace(/\/+$/, '')}${service}`, {
        method: 'POST',
        headers: { 'content-type': CONTENT_TYPE, accept: 'application/soap+xml' },
        body: xml,
        signal: AbortSignal.timeout(this.timing.timeoutMs),
        ...(certificate && privateKey ? { dispatcher: dispatcherFor({ ...certificate, privateKey }) } : {}),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const refused = handshakeFailure(error);
      return refused ? { kind: 'failed', detail: refused } : { kind: 'pending', detail: networkDetail(error, this.timing.timeoutMs) };
    }
    if (isRetryableStatus(status)) return { kind: 'pending', detail: `HTTP ${status}` };
    if (status < 200 || status >= 300) return { kind: 'failed', detail: `HTTP ${status}` };
    let answer: NmvsAnswer;
    try {
      answer = parseNmvsAnswer(text);
    } catch (error) {
      if (error instanceof NmvsWireError)
        return { kind: 'failed', detail: message('VERIFICATION_DETAIL_UNREADABLE', { system: 'NMVS', problem: error.message }) };
      throw error;
    }
    if (answer.returnCode === 'NMVS_ERROR') return { kind: 'pending', detail: `${answer.returnCode} ${desc(answer.returnDesc)}` };
    if (answer.returnCode.startsWith('NMVS_TE_XM_') || answer.returnCode === 'NMVS_FE_AU_01') return failedWith(answer);
    return { kind: 'answer', answer };
  }
}

function failedWith(answer: NmvsAnswer): Extract<SystemAnswer, { kind: 'failed' }> {
  return { kind: 'failed', detail: `${answer.returnCode} ${desc(answer.returnDesc)}`, returnCode: answer.returnCode };
}
