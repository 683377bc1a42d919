import { message } from '@pharma/domain';
import { NMVS_REASON_OF_OPERATION, NMVS_SUCCESS, type NmvsAnswer, type NmvsPackAnswer } from '@pharma/national-systems/nmvs';
import { operationWords, outcomeOf, type Answered, type Message, type PackAnswer, type SystemCall } from './national-system.ts';

/**
 * What an NMVS answer comes to (decision 0081): for each pack, whether the system verified it active or
 * applied the request to it, and the message naming the system's code, its text and its alert id.
 */

/** The answer to a ClientTrxId the system has seen: it applied nothing again. */
export const ALREADY_USED = 'NMVS_TE_TX_01';

const isUndo = (call: SystemCall) => call.kind === 'undo' || call.kind === 'bulkUndo';
export const isBulk = (call: SystemCall) => call.kind === 'bulk' || call.kind === 'bulkUndo';
/** The system's text without its closing full stop, to sit inside a sentence. */
export const desc = (text: string) => text.replace(/\.$/, '');

/** Whether the system verified the pack active, or applied the decommission or undo to it. */
function applied(call: SystemCall, pack: NmvsPackAnswer): boolean {
  if (pack.returnCode !== NMVS_SUCCESS) return false;
  return call.operation !== 'verify' || pack.state === 'ACTIVE';
}

/** After NMVS_TE_TX_01: whether the state read shows the request applied. */
function appliedBefore(call: SystemCall, pack: NmvsPackAnswer): boolean {
  if (pack.returnCode !== NMVS_SUCCESS) return false;
  if (call.operation === 'verify' || isUndo(call)) return pack.state === 'ACTIVE';
  return pack.state === 'INACTIVE' && pack.reasons.includes(NMVS_REASON_OF_OPERATION[call.operation]);
}

function packAnswer(pack: NmvsPackAnswer, ok: boolean): PackAnswer {
  return {
    serial: pack.serial,
    ok,
    state: pack.state,
    reasons: [...pack.reasons],
    returnCode: pack.returnCode,
    ...(pack.alertId === undefined ? {} : { alertId: pack.alertId }),
  };
}

/** The pack of an answer that names none (an unknown product): the message's code. */
export function unknownPack(call: SystemCall, answer: NmvsAnswer): NmvsPackAnswer {
  return {
    serial: call.serials[0] ?? '',
    state: 'UNKNOWN',
    reasons: [],
    returnCode: answer.returnCode,
    returnDesc: answer.returnDesc,
    ...(answer.alertId === undefined ? {} : { alertId: answer.alertId }),
  };
}

/** The answer over its packs: the first refused pack's code (else the first pack's), the first alert. */
function answered(packs: PackAnswer[], firstRefused: NmvsPackAnswer | undefined, text: Message): Answered {
  const alertId = packs.find((pack) => pack.alertId !== undefined)?.alertId;
  return {
    kind: 'answered',
    outcome: outcomeOf(packs),
    returnCode: firstRefused?.returnCode ?? packs[0]?.returnCode ?? null,
    ...(alertId === undefined ? {} : { alertId }),
    message: text,
    packs,
  };
}

export function singleAnswer(call: SystemCall, answer: NmvsAnswer): Answered {
  return singlePack(call, answer.packs[0] ?? unknownPack(call, answer));
}

function singlePack(call: SystemCall, pack: NmvsPackAnswer): Answered {
  const ok = applied(call, pack);
  const code = { returnCode: pack.returnCode, returnDesc: desc(pack.returnDesc) };
  const alert = pack.alertId === undefined ? undefined : { ...code, alertId: pack.alertId };
  let text: Message;
  if (call.operation === 'verify' && !isUndo(call)) {
    if (ok) text = { code: 'VERIFICATION_NMVS_VERIFIED', params: { returnCode: pack.returnCode } };
    else if (pack.returnCode === NMVS_SUCCESS)
      text = { code: 'VERIFICATION_NMVS_INACTIVE', params: { reasons: pack.reasons.join(', ') || pack.state } };
    else text = alert ? { code: 'VERIFICATION_NMVS_ALERT', params: alert } : { code: 'VERIFICATION_NMVS_REFUSED', params: code };
  } else {
    const operation = operationWords(call);
    if (ok) text = { code: 'VERIFICATION_NMVS_APPLIED', params: { operation, packs: 1 } };
    else
      text = alert
        ? { code: 'VERIFICATION_NMVS_NOT_APPLIED_ALERT', params: { operation, ...alert } }
        : { code: 'VERIFICATION_NMVS_NOT_APPLIED', params: { operation, ...code } };
  }
  return answered([packAnswer(pack, ok)], ok ? undefined : pack, text);
}

/** A bulk result (G188): each pack's answer; a pack the result leaves out counts as not applied. */
export function bulkAnswer(call: SystemCall, result: readonly NmvsPackAnswer[]): Answered {
  const bySerial = new Map(result.map((pack) => [pack.serial, pack]));
  const packs = call.serials.map(
    (serial): NmvsPackAnswer =>
      bySerial.get(serial) ?? {
        serial,
        state: 'UNKNOWN',
        reasons: [],
        returnCode: 'NMVS_ERROR',
        returnDesc: message('VERIFICATION_DETAIL_NOT_IN_RESULT'),
      },
  );
  const answers = packs.map((pack) => packAnswer(pack, applied(call, pack)));
  const firstRefused = packs.find((pack, index) => !answers[index]!.ok);
  const verify = call.operation === 'verify' && !isUndo(call);
  const count = { packs: packs.length };
  let text: Message;
  if (!firstRefused)
    text = verify
      ? { code: 'VERIFICATION_NMVS_VERIFIED_PACKS', params: count }
      : { code: 'VERIFICATION_NMVS_APPLIED', params: { operation: operationWords(call), ...count } };
  else {
    const first = {
      ...count,
      refused: answers.filter((pack) => !pack.ok).length,
      serial: firstRefused.serial,
      returnCode: firstRefused.returnCode,
      returnDesc: desc(firstRefused.returnDesc),
    };
    text = verify
      ? { code: 'VERIFICATION_NMVS_REFUSED_PACKS', params: first }
      : { code: 'VERIFICATION_NMVS_NOT_APPLIED_PACKS', params: { operation: operationWords(call), ...first } };
  }
  return answered(answers, firstRefused, text);
}

/** A bulk request refused as a whole (its acknowledgement's code): every pack not applied. */
export function refusedWhole(call: SystemCall, answer: NmvsAnswer): Answered {
  return bulkAnswer(
    call,
    call.serials.map((serial) => ({ ...unknownPack(call, answer), serial })),
  );
}

/**
 * After NMVS_TE_TX_01, the state read (with the probe's return codes) stands for the answer that was lost:
 * a verify is answered by it; a decommission or undo counts as applied where the state shows it.
 */
export function repeatedAnswer(call: SystemCall, read: readonly NmvsPackAnswer[]): Answered {
  if (call.operation === 'verify' && !isUndo(call)) return isBulk(call) ? bulkAnswer(call, read) : singlePack(call, read[0]!);
  const bySerial = new Map(read.map((pack) => [pack.serial, pack]));
  const packs = call.serials.map((serial) => {
    const pack = bySerial.get(serial);
    return {
      serial,
      ok: pack !== undefined && appliedBefore(call, pack),
      state: pack?.state ?? 'UNKNOWN',
      reasons: [...(pack?.reasons ?? [])],
      returnCode: ALREADY_USED,
    } satisfies PackAnswer;
  });
  const notApplied = packs.find((pack) => !pack.ok);
  const operation = operationWords(call);
  const text: Message = notApplied
    ? { code: 'VERIFICATION_NMVS_REPEATED', params: { operation, state: [notApplied.state, ...notApplied.reasons].join(' ') } }
    : { code: 'VERIFICATION_NMVS_APPLIED', params: { operation, packs: packs.length } };
  return { kind: 'answered', outcome: outcomeOf(packs), returnCode: ALREADY_USED, message: text, packs };
}
