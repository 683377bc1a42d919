/**
 * The NMVS simulator's state and rules (issue 28, brief-28 "NMVS rules", decision 0081): the packs a
 * national system knows, the single-pack rules every G-code is judged by, undo by the same user within
 * 10 days, bulk jobs done in the background and fetched with G188, and ClientTrxIds never applied
 * twice. No HTTP here (nmvs-server.ts speaks the wire and calls `handle`); the clock, the random ids
 * and the background runner are injected, so tests can move time and hold a job.
 */
import { hasValidCheckDigit } from '@pharma/domain';
import {
  describeNmvsCode,
  NMVS_BULK_RESULT_CODE,
  NMVS_MAX_BULK_PACKS,
  NMVS_REASON_OF_OPERATION,
  nmvsReturnCode,
  raisesNmvsAlert,
  type NmvsAnswer,
  type NmvsCredentials,
  type NmvsOperation,
  type NmvsPackAnswer,
  type NmvsPackState,
  type NmvsProduct,
  type NmvsRequest,
} from '../nmvs/wire.ts';

/** A pack as `POST /_sim/packs` and the `packs` option take it: upper-case state and reasons, as on the wire. */
export interface NmvsPackInput {
  gtin: string;
  serial: string;
  batch: string;
  /** YYMMDD, day 00 allowed. */
  expiry: string;
  /** ACTIVE when left out, INACTIVE when only reasons are given. */
  state?: 'ACTIVE' | 'INACTIVE';
  /** e.g. RECALLED or EXPIRED (batch), WITHDRAWN (product), or a pack reason such as DESTROYED. */
  reasons?: string[];
}

/** One request that reached a known pack, with its outcome and the pack's state after it. */
export interface NmvsHistoryEntry {
  at: string;
  code: string;
  clientTrxId: string;
  /** ClientLoginId. */
  client: string;
  /** UserId. */
  user: string;
  returnCode: string;
  state: NmvsPackState;
  reasons: string[];
  alertId?: string;
}

/** A pack as `GET /_sim/packs/{gtin}/{serial}` shows it. */
export interface NmvsPackView {
  state: NmvsPackState;
  reasons: string[];
  history: NmvsHistoryEntry[];
}

/** Packs to load that break a rule; the control API answers 400 with the message. */
export class NmvsPackError extends Error {
  override name = 'NmvsPackError';
}

export interface NmvsRegistryOptions {
  /** Who may call; when left out, any credentials are accepted (a demo needs no setup). */
  clients?: readonly NmvsCredentials[];
  /** The real clock (default: the system's); `setClock` can fix another instant over it. */
  now?: () => Date;
  /** `length` random uppercase hexadecimal digits, for NMVSTrxIds and alert ids. */
  randomHex?: (length: number) => string;
  /** Runs a bulk job later (the server passes a timer); by default at once. */
  runInBackground?: (work: () => void) => void;
}

const LOADABLE_REASONS: readonly string[] = [...Object.values(NMVS_REASON_OF_OPERATION), 'CHECKED_OUT', 'RECALLED', 'EXPIRED', 'WITHDRAWN'];
/** Delegated Regulation (EU) 2016/161 art. 13 as S8 reads it: an undo within 10 days (NMVS_NC_PCK_20 after). */
const UNDO_WINDOW_MS = 10 * 24 * 60 * 60 * 1000;
/** S2 SN_Type and BATCH_Type. */
const PACK_TEXT = /^[!"%&'()*+,\-./:;<=>?_A-Za-z0-9]{1,20}$/;
const EXPIRY = /^\d{2}(0[1-9]|1[0-2])(0\d|[12]\d|3[01])$/;

interface Decommission {
  at: number;
  client: string;
  user: string;
  clientTrxId: string;
}

interface StoredPack {
  batch: string;
  expiry: string;
  state: 'ACTIVE' | 'INACTIVE';
  reasons: string[];
  history: NmvsHistoryEntry[];
  /** The decommission that made the pack inactive: the only thing an undo may revert. */
  decommission?: Decommission;
}

interface BulkJob {
  code: string;
  client: string;
  product: NmvsProduct;
  /** Undefined while the job runs. */
  packs?: NmvsPackAnswer[];
}

/** Who asked what, as a pack's history and the undo rules need it. */
interface Caller {
  code: string;
  client: string;
  user: string;
  clientTrxId: string;
  refClientTrxId: string | undefined;
}

function randomHexFromMath(length: number): string {
  let hex = '';
  while (hex.length < length) hex += Math.floor(Math.random() * 16).toString(16);
  return hex.toUpperCase();
}

function refuse(index: number, rule: string): never {
  throw new NmvsPackError(`pack ${index}: ${rule}`);
}

const PACK_TEXT_RULE = `1-20 characters of A-Z, a-z, 0-9 and !"%&'()*+,-./:;<=>?_`;

function checkPack(item: unknown, index: number): Required<NmvsPackInput> {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) refuse(index, 'not an object');
  const { gtin, serial, batch, expiry, state, reasons = [] } = item as Record<string, unknown>;
  if (typeof gtin !== 'string' || !/^\d{14}$/.test(gtin) || !hasValidCheckDigit(gtin))
    refuse(index, 'gtin must be 14 digits with a correct check digit');
  if (typeof serial !== 'string' || !PACK_TEXT.test(serial)) refuse(index, `serial must be ${PACK_TEXT_RULE}`);
  if (typeof batch !== 'string' || !PACK_TEXT.test(batch)) refuse(index, `batch must be ${PACK_TEXT_RULE}`);
  if (typeof expiry !== 'string' || !EXPIRY.test(expiry)) refuse(index, 'expiry must be YYMMDD (day 00 allowed)');
  if (state !== undefined && state !== 'ACTIVE' && state !== 'INACTIVE') refuse(index, 'state must be ACTIVE or INACTIVE');
  if (!Array.isArray(reasons) || !reasons.every((reason): reason is string => LOADABLE_REASONS.includes(reason as string))) {
    refuse(index, `reasons must be a list of ${LOADABLE_REASONS.join(', ')}`);
  }
  if (state === 'ACTIVE' && reasons.length > 0) refuse(index, 'an ACTIVE pack has no reasons');
  if (state === 'INACTIVE' && reasons.length === 0) refuse(index, 'an INACTIVE pack needs a reason');
  return { gtin, serial, batch, expiry, state: reasons.length > 0 ? 'INACTIVE' : 'ACTIVE', reasons };
}

export class NmvsRegistry {
  readonly #clients: readonly NmvsCredentials[] | undefined;
  readonly #realNow: () => Date;
  readonly #randomHex: (length: number) => string;
  readonly #runInBackground: (work: () => void) => void;
  #fixedNow: Date | null = null;
  /** gtin → serial → pack. */
  readonly #packs = new Map<string, Map<string, StoredPack>>();
  /** gtin → its batches, for "a batch the product does not have" (NMVS_FE_LOT_03). */
  readonly #batches = new Map<string, Set<string>>();
  /** `ClientLoginId ClientTrxId` of every request applied. */
  readonly #usedTransactions = new Set<string>();
  /** The NMVSTrxId of a bulk acknowledgement → its job. */
  readonly #jobs = new Map<string, BulkJob>();

  constructor(options: NmvsRegistryOptions = {}) {
    this.#clients = options.clients;
    this.#realNow = options.now ?? (() => new Date());
    this.#randomHex = options.randomHex ?? randomHexFromMath;
    this.#runInBackground = options.runInBackground ?? ((work) => work());
  }

  /** The simulator's time: the fixed instant if one is set, else the real clock. */
  now(): Date {
    return this.#fixedNow === null ? this.#realNow() : new Date(this.#fixedNow);
  }

  /** Fixes the simulator's time at `now` (it does not advance), or back to the real clock with null. */
  setClock(now: Date | null): void {
    this.#fixedNow = now === null ? null : new Date(now);
  }

  /**
   * Adds packs, or replaces the batch, expiry, state and reasons of packs already known (their history
   * stays). Every pack is checked first: one bad pack loads none. Answers how many were loaded.
   */
  load(input: unknown): number {
    if (!Array.isArray(input)) throw new NmvsPackError('packs must be a JSON array of { gtin, serial, batch, expiry, state?, reasons? }');
    const packs = input.map(checkPack);
    for (const pack of packs) {
      let bySerial = this.#packs.get(pack.gtin);
      if (!bySerial) this.#packs.set(pack.gtin, (bySerial = new Map()));
      const history = bySerial.get(pack.serial)?.history ?? [];
      bySerial.set(pack.serial, { batch: pack.batch, expiry: pack.expiry, state: pack.state, reasons: [...pack.reasons], history });
      let batches = this.#batches.get(pack.gtin);
      if (!batches) this.#batches.set(pack.gtin, (batches = new Set()));
      batches.add(pack.batch);
    }
    return packs.length;
  }

  /** A known pack's state, reasons and history (copies), or undefined. */
  read(gtin: string, serial: string): NmvsPackView | undefined {
    const pack = this.#packs.get(gtin)?.get(serial);
    if (!pack) return undefined;
    return {
      state: pack.state,
      reasons: [...pack.reasons],
      history: pack.history.map((entry) => ({ ...entry, reasons: [...entry.reasons] })),
    };
  }

  /** Forgets packs, history, used ClientTrxIds and bulk jobs (the clock is the caller's). */
  reset(): void {
    this.#packs.clear();
    this.#batches.clear();
    this.#usedTransactions.clear();
    this.#jobs.clear();
  }

  /** Answers one request (as the wire parsed it) as the NMVS would. */
  handle(request: NmvsRequest): NmvsAnswer {
    const { clientLoginId: client, userId: user } = request.credentials;
    const header = {
      code: request.code,
      clientTrxId: request.clientTrxId,
      nmvsTrxId: this.#randomHex(32),
      timestamp: this.now().toISOString(),
      auth: { clientLoginId: client, userId: user },
    };
    const message = (returnCode: string, rest: Partial<NmvsAnswer> = {}): NmvsAnswer => ({
      ...header,
      packs: [],
      ...rest,
      ...describe(returnCode),
    });
    if (!this.#authenticated(request.credentials)) return message('NMVS_FE_AU_01');
    const caller: Caller = { code: request.code, client, user, clientTrxId: request.clientTrxId, refClientTrxId: request.refClientTrxId };
    // Reading a bulk result changes nothing, so a poll may repeat its ClientTrxId.
    if (request.code === NMVS_BULK_RESULT_CODE) {
      const job = request.refNmvsTrxId === undefined ? undefined : this.#jobs.get(request.refNmvsTrxId);
      // A job still running is answered as not available (0081: our choice), as is another client's.
      if (!job?.packs || job.client !== client) return message('NMVS_FE_TX_02');
      return message('NMVS_SUCCESS', { reqType: job.code, product: job.product, packs: job.packs });
    }

    const useCase = describeNmvsCode(request.code);
    const { product, serials } = request;
    const bulk = useCase?.kind === 'bulk' || useCase?.kind === 'bulkUndo';
    const serialsFit = bulk
      ? serials.length >= 1 && serials.length <= NMVS_MAX_BULK_PACKS && new Set(serials).size === serials.length
      : serials.length === 1;
    // The wire refuses these already; the registry holds its own line for callers that skip the wire.
    if (!useCase || !product || !serialsFit) return message('NMVS_TE_XM_02');

    const transaction = `${client} ${request.clientTrxId}`;
    if (this.#usedTransactions.has(transaction)) {
      const at = header.timestamp;
      for (const serial of serials) this.#record(this.#packs.get(product.gtin)?.get(serial), caller, at, 'NMVS_TE_TX_01', undefined);
      return message('NMVS_TE_TX_01');
    }
    this.#usedTransactions.add(transaction);
    const undo = useCase.kind === 'undo' || useCase.kind === 'bulkUndo';

    if (bulk) {
      const job: BulkJob = { code: request.code, client, product };
      this.#jobs.set(header.nmvsTrxId, job);
      this.#runInBackground(() => {
        // A job forgotten by a reset must not act on the packs loaded since.
        if (this.#jobs.get(header.nmvsTrxId) !== job) return;
        job.packs = serials.map((serial) => this.#apply(useCase.operation, undo, product, serial, caller));
      });
      return message('NMVS_SUCCESS');
    }
    const pack = this.#apply(useCase.operation, undo, product, serials[0] as string, caller);
    return message(pack.returnCode, {
      // An unknown product has no product data to answer with.
      ...(pack.returnCode === 'NMVS_NC_PC_01' ? {} : { product }),
      packs: [pack],
      ...(pack.alertId === undefined ? {} : { alertId: pack.alertId }),
    });
  }

  #authenticated(credentials: NmvsCredentials): boolean {
    if (!this.#clients) return true;
    return this.#clients.some(
      (known) =>
        known.clientLoginId === credentials.clientLoginId && known.userId === credentials.userId && known.password === credentials.password,
    );
  }

  /** The single-pack rules, for a single request and for each pack of a bulk job alike. */
  #apply(operation: NmvsOperation, undo: boolean, product: NmvsProduct, serial: string, caller: Caller): NmvsPackAnswer {
    const now = this.now();
    const bySerial = this.#packs.get(product.gtin);
    const pack = bySerial?.get(serial);
    if (!bySerial || !pack) return this.#answer(serial, undefined, bySerial ? 'NMVS_NC_PC_02' : 'NMVS_NC_PC_01');
    const decide = (returnCode: string): NmvsPackAnswer => {
      const answer = this.#answer(serial, pack, returnCode);
      this.#record(pack, caller, now.toISOString(), returnCode, answer.alertId);
      return answer;
    };
    if (!this.#batches.get(product.gtin)?.has(product.batch)) return decide('NMVS_FE_LOT_03');
    if (product.batch !== pack.batch) return decide('NMVS_FE_LOT_13');
    if (product.expiry !== pack.expiry) return decide('NMVS_FE_LOT_12');
    if (operation === 'verify') return decide('NMVS_SUCCESS');

    const reason = NMVS_REASON_OF_OPERATION[operation];
    if (!undo) {
      if (pack.state === 'INACTIVE') return decide('NMVS_NC_PCK_22');
      pack.state = 'INACTIVE';
      pack.reasons = [reason];
      pack.decommission = { at: now.getTime(), client: caller.client, user: caller.user, clientTrxId: caller.clientTrxId };
      return decide('NMVS_SUCCESS');
    }
    const decommission = pack.decommission;
    if (pack.state !== 'INACTIVE' || !pack.reasons.includes(reason)) return decide('NMVS_NC_PCK_06');
    // A state loaded as it is, not set by a request, was set by no user of ours.
    if (!decommission || decommission.client !== caller.client || decommission.user !== caller.user) return decide('NMVS_NC_PCK_21');
    // S2 has NMVS_FE_TX_05 for a wrong reference; the catalogue here answers it as an undo that does not match.
    if (caller.refClientTrxId !== undefined && caller.refClientTrxId !== decommission.clientTrxId) return decide('NMVS_NC_PCK_06');
    if (now.getTime() - decommission.at > UNDO_WINDOW_MS) return decide('NMVS_NC_PCK_20');
    pack.state = 'ACTIVE';
    pack.reasons = [];
    delete pack.decommission;
    return decide('NMVS_SUCCESS');
  }

  /** A pack's answer (UNKNOWN when the system does not know it), with an alert id when the code raises one. */
  #answer(serial: string, pack: StoredPack | undefined, returnCode: string): NmvsPackAnswer {
    const answer: NmvsPackAnswer = {
      serial,
      state: pack?.state ?? 'UNKNOWN',
      reasons: pack ? [...pack.reasons] : [],
      ...describe(returnCode),
    };
    if (raisesNmvsAlert(returnCode, pack?.reasons)) answer.alertId = `NMVS-ALERT-${this.#randomHex(12)}`;
    return answer;
  }

  #record(pack: StoredPack | undefined, caller: Caller, at: string, returnCode: string, alertId: string | undefined): void {
    pack?.history.push({
      at,
      code: caller.code,
      clientTrxId: caller.clientTrxId,
      client: caller.client,
      user: caller.user,
      returnCode,
      state: pack.state,
      reasons: [...pack.reasons],
      ...(alertId === undefined ? {} : { alertId }),
    });
  }
}

/** A return code with its text from the one catalogue (src/nmvs/return-codes.ts). */
function describe(returnCode: string): { returnCode: string; returnDesc: string } {
  const entry = nmvsReturnCode(returnCode);
  if (!entry) throw new Error(`${returnCode} is not in the NMVS return code catalogue`);
  return { returnCode, returnDesc: entry.desc };
}
