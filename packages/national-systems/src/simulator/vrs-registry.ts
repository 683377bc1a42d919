/**
 * The VRS simulator's state (issue 28, brief "VRS rules"): the packs a manufacturer would answer for,
 * the rules that turn a verification request into the standard's answer, and every request's trace in
 * the pack's history. No HTTP here (vrs-server.ts speaks the wire); the clock is injected and can be
 * fixed, so answers and history are reproducible.
 */
import { gs1YymmddToIso } from '@pharma/domain';
import { z } from 'zod';
import { checkVrsPack, type VrsAdditionalInfo, type VrsAnswer, type VrsFailureReason, type VrsRequest } from '../vrs/wire.ts';

/** What the simulated manufacturer knows of a pack. */
export const VRS_PACK_STATES = ['ACTIVE', 'RECALLED', 'SUSPECT', 'EXPIRED', 'DECOMMISSIONED'] as const;
export type VrsPackState = (typeof VRS_PACK_STATES)[number];

/** A pack as `POST /_sim/packs` and the `packs` option take it; `state` is ACTIVE when left out. */
export interface VrsPackInput {
  gtin: string;
  serial: string;
  batch: string;
  /** YYMMDD, day 00 allowed. */
  expiry: string;
  state?: VrsPackState;
}

/** One verification request that reached a known pack, with what it was answered. */
export interface VrsHistoryEntry {
  at: string;
  code: 'verify';
  corrUUID: string;
  /** The requester's GLN. */
  user: string;
  /** The failure reason, or 'verified' when the pack was verified. */
  returnCode: VrsFailureReason | 'verified';
  verified: boolean;
  additionalInfo?: VrsAdditionalInfo;
}

/** A pack as `GET /_sim/packs/{gtin}/{serial}` shows it (`reasons` is always empty: VRS has none, NMVS does). */
export interface VrsPackView {
  state: VrsPackState;
  reasons: string[];
  history: VrsHistoryEntry[];
}

/** Packs to load that break a rule; the control API answers 400 with the message. */
export class VrsPackError extends Error {
  override name = 'VrsPackError';
}

interface StoredPack {
  batch: string;
  expiry: string;
  state: VrsPackState;
  history: VrsHistoryEntry[];
}

const PackInput = z.object({
  gtin: z.string(),
  serial: z.string(),
  batch: z.string(),
  expiry: z.string(),
  state: z.enum(VRS_PACK_STATES).optional(),
});

/** What a known pack's state answers once its lot and expiry match (brief-28 "VRS rules"; decision 0081, V6). */
const STATE_ANSWERS: Record<VrsPackState, VrsAnswer['data']> = {
  ACTIVE: { verified: true },
  EXPIRED: { verified: true, additionalInfo: 'Expired' },
  RECALLED: { verified: false, verificationFailureReason: 'Manufacturer_policy', additionalInfo: 'Recalled' },
  SUSPECT: { verified: false, verificationFailureReason: 'Not_for_re-distribution', additionalInfo: 'Suspect' },
  DECOMMISSIONED: { verified: false, verificationFailureReason: 'Not_for_re-distribution' },
};

/** The reason when GTIN and serial match but lot, expiry or both do not (decision 0081, V2). */
function mismatch(lotDiffers: boolean, expiryDiffers: boolean): VrsFailureReason | undefined {
  if (lotDiffers && expiryDiffers) return 'No_match_GTIN_Serial_Lot_Expiry';
  if (lotDiffers) return 'No_match_GTIN_Serial_Lot';
  if (expiryDiffers) return 'No_match_GTIN_Serial_Expiry';
  return undefined;
}

export interface VrsRegistryOptions {
  /** The GLN the simulated responder answers with. */
  responderGLN: string;
  /** The real clock (default: the system's); `setClock` can fix another instant over it. */
  now?: () => Date;
}

export class VrsRegistry {
  readonly responderGLN: string;
  readonly #packs = new Map<string, StoredPack>();
  readonly #realNow: () => Date;
  #fixedNow: Date | null = null;

  constructor(options: VrsRegistryOptions) {
    this.responderGLN = options.responderGLN;
    this.#realNow = options.now ?? (() => new Date());
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
   * Adds packs, or replaces the batch, expiry and state of packs already known (their history stays).
   * Every pack is checked first: one bad pack loads none. Answers how many were loaded.
   */
  load(input: unknown): number {
    if (!Array.isArray(input)) throw new VrsPackError('packs must be a JSON array of { gtin, serial, batch, expiry, state? }');
    const packs = input.map((item, index) => {
      const parsed = PackInput.safeParse(item);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'pack'}: ${issue.message}`);
        throw new VrsPackError(`pack ${index}: ${issues.join('; ')}`);
      }
      const pack = parsed.data;
      try {
        checkVrsPack({ gtin: pack.gtin, serial: pack.serial, lot: pack.batch, expiry: pack.expiry });
      } catch (error) {
        throw new VrsPackError(`pack ${index}: ${(error as Error).message}`);
      }
      return pack;
    });
    for (const pack of packs) {
      const key = packKey(pack.gtin, pack.serial);
      const known = this.#packs.get(key);
      this.#packs.set(key, { batch: pack.batch, expiry: pack.expiry, state: pack.state ?? 'ACTIVE', history: known?.history ?? [] });
    }
    return packs.length;
  }

  /** A known pack's state and history (copies), or undefined. */
  read(gtin: string, serial: string): VrsPackView | undefined {
    const pack = this.#packs.get(packKey(gtin, serial));
    if (pack === undefined) return undefined;
    return { state: pack.state, reasons: [], history: pack.history.map((entry) => ({ ...entry })) };
  }

  /**
   * Answers a verification request by the rules: an unknown GTIN and serial is No_match_GTIN_Serial
   * (lot and expiry then go unchecked); a known pack's lot and expiry are compared next; only a pack
   * that matches is answered by its state. A known pack records the request in its history.
   */
  verify(request: VrsRequest): VrsAnswer {
    const at = this.now();
    const answer = (data: VrsAnswer['data']): VrsAnswer => ({
      verificationTimestamp: at.toISOString(),
      responderGLN: this.responderGLN,
      corrUUID: request.corrUUID,
      data,
    });
    const pack = this.#packs.get(packKey(request.gtin, request.serial));
    if (pack === undefined) return answer({ verified: false, verificationFailureReason: 'No_match_GTIN_Serial' });
    const year = at.getUTCFullYear();
    // Day 00 is the month's last day (AI 17): 270500 and 270531 are the same expiry.
    const expiryDiffers = gs1YymmddToIso(pack.expiry, 0, year, true) !== gs1YymmddToIso(request.expiry, 0, year, true);
    const reason = mismatch(pack.batch !== request.lot, expiryDiffers);
    const data: VrsAnswer['data'] =
      reason === undefined ? { ...STATE_ANSWERS[pack.state] } : { verified: false, verificationFailureReason: reason };
    pack.history.push({
      at: at.toISOString(),
      code: 'verify',
      corrUUID: request.corrUUID,
      user: request.reqGLN,
      returnCode: data.verificationFailureReason ?? 'verified',
      verified: data.verified,
      ...(data.additionalInfo === undefined ? {} : { additionalInfo: data.additionalInfo }),
    });
    return answer(data);
  }

  /** Forgets every pack and its history. */
  reset(): void {
    this.#packs.clear();
  }
}

/** A GTIN is always 14 digits, so GTIN and serial side by side name one pack. */
function packKey(gtin: string, serial: string): string {
  return gtin + serial;
}
