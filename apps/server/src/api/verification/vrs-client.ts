import { message } from '@pharma/domain';
import { parseVrsAnswer, verificationUrl, VrsWireError, type VrsAnswer, type VrsRequest } from '@pharma/national-systems/vrs';
import {
  isRetryableStatus,
  networkDetail,
  operationWords,
  outcomeOf,
  type Connection,
  type Message,
  type NationalSystem,
  type PackAnswer,
  type SystemAnswer,
  type SystemCall,
  type Timing,
} from './national-system.ts';

/**
 * The VRS (US DSCSA Verification Router Service) over GS1 Lightweight Messaging (decision 0081 section 2):
 * a GET per pack, the request's id as the corrUUID of its first (or only) pack. A GET changes nothing, so
 * a request not answered is sent again whole. The VRS takes no decommissioning: a decommission or an
 * undo is recorded here only.
 */

/** VRS 1.3 (0081, V4; said to be required by 1.3 routers, not required by the simulator). */
const GS1US_VERSION = '1.3.0';
/** The failure reason the standard has for none given. */
const NO_REASON = 'No_reason_provided';

type Exchange = { kind: 'answer'; answer: VrsAnswer } | Extract<SystemAnswer, { kind: 'pending' | 'failed' }>;

export class VrsClient implements NationalSystem {
  constructor(
    private readonly connection: Connection,
    private readonly timing: Timing,
    /** A new corrUUID for each pack after the first of a bulk request. */
    private readonly newUuid: () => string,
  ) {}

  async verify(call: SystemCall): Promise<SystemAnswer> {
    const reqGLN = this.connection.gln;
    if (reqGLN === null) return { kind: 'failed', detail: message('VERIFICATION_DETAIL_NO_GLN') };
    const packs: { pack: PackAnswer; reason: string | undefined; info: string | undefined }[] = [];
    for (const [index, serial] of call.serials.entries()) {
      const got = await this.exchange({
        gtin: call.product.gtin,
        serial,
        lot: call.product.batch,
        expiry: call.product.expiry,
        reqGLN,
        corrUUID: index === 0 ? call.id : this.newUuid(),
        context: 'dscsaSaleableReturn',
      });
      if (got.kind !== 'answer') return got;
      packs.push(packOf(serial, got.answer));
    }
    const answers = packs.map((entry) => entry.pack);
    const refused = packs.find((entry) => !entry.pack.ok);
    const text = call.kind === 'single' ? singleMessage(packs[0]!) : bulkMessage(packs.length, answers, refused);
    return { kind: 'answered', outcome: outcomeOf(answers), returnCode: refused?.pack.returnCode ?? null, message: text, packs: answers };
  }

  decommission(call: SystemCall): Promise<SystemAnswer> {
    return Promise.resolve(recordedOnly(call));
  }

  undo(call: SystemCall): Promise<SystemAnswer> {
    return Promise.resolve(recordedOnly(call));
  }

  /** One GET. Network failures, HTTP 408, 429 and 5xx are "not yet"; any other status, or an answer that is not one, cannot succeed as sent. */
  private async exchange(request: VrsRequest): Promise<Exchange> {
    let url: string;
    try {
      url = verificationUrl(this.connection.url, request);
    } catch (error) {
      if (error instanceof VrsWireError) return { kind: 'failed', detail: error.message };
      throw error;
    }
    const { secret } = this.connection;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        headers: {
          accept: 'application/json',
          'GS1US-Version': GS1US_VERSION,
          ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
        },
        signal: AbortSignal.timeout(this.timing.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return { kind: 'pending', detail: networkDetail(error, this.timing.timeoutMs) };
    }
    if (isRetryableStatus(status)) return { kind: 'pending', detail: `HTTP ${status}` };
    if (status !== 200) return { kind: 'failed', detail: `HTTP ${status}` };
    let answer: VrsAnswer;
    try {
      answer = parseVrsAnswer(text);
    } catch (error) {
      if (error instanceof VrsWireError)
        return { kind: 'failed', detail: message('VERIFICATION_DETAIL_UNREADABLE', { system: 'VRS', problem: error.message }) };
      throw error;
    }
    if (answer.corrUUID.toLowerCase() !== request.corrUUID.toLowerCase()) {
      return { kind: 'failed', detail: message('VERIFICATION_DETAIL_OTHER_ANSWER', { corrUUID: answer.corrUUID }) };
    }
    return { kind: 'answer', answer };
  }
}

/** A pack's answer; VRS has no states: verified reads ACTIVE, GTIN and serial unknown UNKNOWN, any other refusal INACTIVE. */
function packOf(serial: string, answer: VrsAnswer): { pack: PackAnswer; reason: string | undefined; info: string | undefined } {
  const { verified, verificationFailureReason, additionalInfo } = answer.data;
  const reason = verified ? undefined : (verificationFailureReason ?? NO_REASON);
  const state = verified ? 'ACTIVE' : reason === 'No_match_GTIN_Serial' ? 'UNKNOWN' : 'INACTIVE';
  return {
    pack: { serial, ok: verified, state, reasons: additionalInfo === undefined ? [] : [additionalInfo], returnCode: reason ?? null },
    reason,
    info: additionalInfo,
  };
}

function singleMessage({ reason, info }: { reason: string | undefined; info: string | undefined }): Message {
  if (reason === undefined)
    return info === undefined
      ? { code: 'VERIFICATION_VRS_VERIFIED', params: {} }
      : { code: 'VERIFICATION_VRS_VERIFIED_INFO', params: { info } };
  return info === undefined
    ? { code: 'VERIFICATION_VRS_NOT_VERIFIED', params: { reason } }
    : { code: 'VERIFICATION_VRS_NOT_VERIFIED_INFO', params: { reason, info } };
}

function bulkMessage(count: number, answers: PackAnswer[], refused: { pack: PackAnswer; reason: string | undefined } | undefined): Message {
  if (!refused) return { code: 'VERIFICATION_VRS_VERIFIED_PACKS', params: { packs: count } };
  return {
    code: 'VERIFICATION_VRS_REFUSED_PACKS',
    params: {
      packs: count,
      refused: answers.filter((pack) => !pack.ok).length,
      serial: refused.pack.serial,
      reason: refused.reason ?? NO_REASON,
    },
  };
}

/** The VRS has no decommissioning (0081): what was done is recorded here only, as done. */
function recordedOnly(call: SystemCall): SystemAnswer {
  const packs = call.serials.map((serial): PackAnswer => ({ serial, ok: true, state: 'UNKNOWN', reasons: [], returnCode: null }));
  return {
    kind: 'answered',
    outcome: 'verified',
    returnCode: null,
    message: { code: 'VERIFICATION_VRS_RECORDED_ONLY', params: { operation: operationWords(call), packs: packs.length } },
    packs,
  };
}
