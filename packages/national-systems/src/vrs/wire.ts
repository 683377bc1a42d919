/**
 * The VRS wire (US DSCSA Verification Router Service, GS1 Lightweight Messaging Standard; decision
 * 0081 section 2): the verification request is a GET whose path carries the pack as a GS1 Web URI
 * (Digital Link) and whose query carries the requester, the answer is a JSON object. Both directions
 * are here: the adapter builds requests and reads answers, the simulator reads requests and builds
 * answers, so the two cannot drift apart.
 *
 *   GET {base}/verify/gtin/{GTIN-14}/lot/{lot}/ser/{serial}?exp=YYMMDD&linkType=verificationService
 *       &context=dscsaSaleableReturn&reqGLN={GLN-13}&corrUUID={UUID}
 *   GET {base}/checkConnectivity?gtin={GTIN-14}&reqGLN={GLN-13}
 *
 * Values are written by the domain's Digital Link encoder, never pasted.
 */
import { encodeDigitalLinkValue, gs1YymmddToIso, hasValidCheckDigit } from '@pharma/domain';
import { z } from 'zod';

/** A pack as VRS names it: GTIN-14, serial (AI 21), lot (AI 10), expiry (AI 17, YYMMDD). */
export interface VrsPack {
  gtin: string;
  serial: string;
  lot: string;
  expiry: string;
}

export interface VrsRequest extends VrsPack {
  /** The requester's GLN (13 digits). */
  reqGLN: string;
  /** A dashed UUID that the answer echoes: it matches an answer to its request. */
  corrUUID: string;
  context: 'dscsaSaleableReturn';
}

/** A request or an answer that breaks the wire's rules; the simulator answers it with 400. */
export class VrsWireError extends Error {
  override name = 'VrsWireError';
}

/** The only context this app sends: a saleable return being verified before it is resold. */
const CONTEXT = 'dscsaSaleableReturn';

/** The link type of a verification; a Digital Link resolver writes it with the `gs1:` prefix. */
const LINK_TYPES: readonly string[] = ['verificationService', 'gs1:verificationService'];

/** GS1 General Specifications figure 7.11-1: the 82-character set of AIs 10 and 21, 1 to 20 of them. */
const LOT_OR_SERIAL = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** RFC 9562 section 4: 32 hexadecimal digits in groups of 8-4-4-4-12 (any version). */
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

function isGtin(value: string): boolean {
  return /^\d{14}$/.test(value) && hasValidCheckDigit(value);
}

function isGln(value: string): boolean {
  return /^\d{13}$/.test(value) && hasValidCheckDigit(value);
}

/**
 * YYMMDD with day 00 allowed (AI 17: the month's last day). The century is resolved against the
 * current year, which only decides whether 29 February exists.
 */
function isExpiry(value: string): boolean {
  return /^\d{6}$/.test(value) && gs1YymmddToIso(value, 0, new Date().getUTCFullYear(), true) !== null;
}

function checkGtin(gtin: string): void {
  if (!isGtin(gtin)) throw new VrsWireError(`gtin must be 14 digits with a valid GS1 check digit (got "${gtin}")`);
}

function checkGln(reqGLN: string): void {
  if (!isGln(reqGLN)) throw new VrsWireError(`reqGLN must be a GLN of 13 digits with a valid GS1 check digit (got "${reqGLN}")`);
}

function checkLotOrSerial(name: 'lot' | 'ser', value: string): void {
  if (!LOT_OR_SERIAL.test(value)) {
    throw new VrsWireError(`${name} must be 1 to 20 characters of the GS1 82-character set (got "${value}")`);
  }
  // A path segment of only dots is removed by every URL parser (RFC 3986 5.2.4), encoded or not.
  if (value === '.' || value === '..') throw new VrsWireError(`${name} "${value}" cannot be carried in a URL path`);
}

/** Throws VrsWireError, naming the field, when a pack's GTIN, lot, serial or expiry breaks the wire's rules. */
export function checkVrsPack(pack: VrsPack): void {
  checkGtin(pack.gtin);
  checkLotOrSerial('lot', pack.lot);
  checkLotOrSerial('ser', pack.serial);
  if (!isExpiry(pack.expiry)) throw new VrsWireError(`exp must be a date YYMMDD (day 00 allowed) (got "${pack.expiry}")`);
}

function checkRequest(request: VrsRequest): void {
  checkVrsPack(request);
  checkGln(request.reqGLN);
  if (!UUID.test(request.corrUUID)) throw new VrsWireError(`corrUUID must be a UUID (got "${request.corrUUID}")`);
  if (request.context !== CONTEXT) throw new VrsWireError(`context must be ${CONTEXT} (got "${String(request.context)}")`);
}

function withoutTrailingSlashes(base: string): string {
  return base.replace(/\/+$/, '');
}

/** The verification request's URL; throws VrsWireError when a value breaks the wire's rules. */
export function verificationUrl(base: string, request: VrsRequest): string {
  checkRequest(request);
  const segments: readonly (readonly [string, string])[] = [
    ['gtin', request.gtin],
    ['lot', request.lot],
    ['ser', request.serial],
  ];
  const parameters: readonly (readonly [string, string])[] = [
    ['exp', request.expiry],
    ['linkType', 'verificationService'],
    ['context', request.context],
    ['reqGLN', request.reqGLN],
    ['corrUUID', request.corrUUID],
  ];
  const path = segments.map(([name, value]) => `/${name}/${encodeDigitalLinkValue(value)}`).join('');
  const query = parameters.map(([name, value]) => `${name}=${encodeDigitalLinkValue(value)}`).join('&');
  return `${withoutTrailingSlashes(base)}/verify${path}?${query}`;
}

/** A path segment percent-decoded, or a VrsWireError for a broken escape or bytes that are not UTF-8. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new VrsWireError(`the path segment "${segment}" holds a broken percent-encoding`);
  }
}

/** The one value of a query parameter: absent is undefined, twice is an error. */
function single(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw new VrsWireError(`${name} is given ${values.length} times`);
  return values[0];
}

function required(url: URL, name: string): string {
  const value = single(url, name);
  if (value === undefined) throw new VrsWireError(`${name} is missing`);
  return value;
}

/** The path keys of a verification: the GS1 Web URI short names or the Digital Link AIs, in this order. */
const PATH_KEYS: readonly (readonly [string, string])[] = [
  ['gtin', '01'],
  ['lot', '10'],
  ['ser', '21'],
];

/**
 * Reads a verification request (the simulator's side). Accepts the named path (gtin/lot/ser, `exp`)
 * and the numeric Digital Link path (01/10/21, `17`), and `linkType` with or without `gs1:`.
 * Throws VrsWireError, which the simulator answers with 400.
 */
export function parseVerificationUrl(url: URL): VrsRequest {
  const segments = url.pathname.split('/');
  const verify = segments.length - 1 - 2 * PATH_KEYS.length;
  if (verify < 0 || segments[verify] !== 'verify') {
    throw new VrsWireError('the path must end in /verify/gtin/{gtin}/lot/{lot}/ser/{serial} (or /verify/01/{gtin}/10/{lot}/21/{serial})');
  }
  const values = PATH_KEYS.map(([name, ai], index) => {
    const key = segments[verify + 1 + 2 * index] as string;
    if (key !== name && key !== ai) throw new VrsWireError(`the path has "${key}" where ${name} (or ${ai}) belongs`);
    return decodeSegment(segments[verify + 2 + 2 * index] as string);
  });
  const [gtin, lot, serial] = values as [string, string, string];
  const named = single(url, 'exp');
  const numeric = single(url, '17');
  if (named !== undefined && numeric !== undefined) throw new VrsWireError('the expiry is given twice (exp and 17)');
  const expiry = named ?? numeric;
  if (expiry === undefined) throw new VrsWireError('exp is missing');
  const linkType = required(url, 'linkType');
  if (!LINK_TYPES.includes(linkType)) throw new VrsWireError(`linkType must be verificationService (got "${linkType}")`);
  const request = {
    gtin,
    lot,
    serial,
    expiry,
    reqGLN: required(url, 'reqGLN'),
    corrUUID: required(url, 'corrUUID'),
    context: required(url, 'context') as VrsRequest['context'],
  };
  checkRequest(request);
  return request;
}

/** What checkConnectivity asks: whether this requester may reach the responder (of this GTIN). */
export interface VrsConnectivityRequest {
  reqGLN: string;
  gtin?: string;
}

/** The URL of the "test connection" call; throws VrsWireError for a bad GLN or GTIN. */
export function connectivityUrl(base: string, request: VrsConnectivityRequest): string {
  checkGln(request.reqGLN);
  if (request.gtin !== undefined) checkGtin(request.gtin);
  const gtin = request.gtin === undefined ? '' : `gtin=${encodeDigitalLinkValue(request.gtin)}&`;
  return `${withoutTrailingSlashes(base)}/checkConnectivity?${gtin}reqGLN=${encodeDigitalLinkValue(request.reqGLN)}`;
}

/** Reads a checkConnectivity request (the simulator's side); throws VrsWireError. */
export function parseConnectivityUrl(url: URL): VrsConnectivityRequest {
  const reqGLN = required(url, 'reqGLN');
  checkGln(reqGLN);
  const gtin = single(url, 'gtin');
  if (gtin === undefined) return { reqGLN };
  checkGtin(gtin);
  return { reqGLN, gtin };
}

/** verificationFailureReason as the implementation guideline 1.3 spells it (decision 0081, V2). */
export const VRS_FAILURE_REASONS = [
  'Manufacturer_policy',
  'No_match_GTIN_Serial',
  'No_match_GTIN_Serial_Lot_Expiry',
  'No_match_GTIN_Serial_Lot',
  'No_match_GTIN_Serial_Expiry',
  'No_reason_provided',
  'Not_for_re-distribution',
] as const;
export type VrsFailureReason = (typeof VRS_FAILURE_REASONS)[number];

/** additionalInfo as the implementation guideline 1.3 spells it (decision 0081, V2). */
export const VRS_ADDITIONAL_INFO = ['Expired', 'ExpirationExtended', 'Recalled', 'Suspect', 'Illegitimate'] as const;
export type VrsAdditionalInfo = (typeof VRS_ADDITIONAL_INFO)[number];

/**
 * One of the standard's words, read in any case ('recalled' as older routers wrote it) and kept as
 * the standard spells it; null reads as absent.
 */
function standardWord<T extends string>(words: readonly T[], field: string) {
  return z
    .string()
    .nullish()
    .transform((value, context): T | undefined => {
      if (value === null || value === undefined) return undefined;
      const word = words.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (word === undefined) {
        context.addIssue({ code: 'custom', message: `${field} "${value}" is none of ${words.join(', ')}` });
        return z.NEVER;
      }
      return word;
    });
}

/**
 * The answer to a verification (HTTP 200, application/json). Fields the standard does not name (some
 * routers add `location`, `description`) are dropped when read.
 */
export const VrsAnswer = z.object({
  verificationTimestamp: z.string(),
  responderGLN: z.string(),
  corrUUID: z.string(),
  data: z.object({
    verified: z.boolean(),
    verificationFailureReason: standardWord(VRS_FAILURE_REASONS, 'verificationFailureReason').optional(),
    additionalInfo: standardWord(VRS_ADDITIONAL_INFO, 'additionalInfo').optional(),
  }),
});
export type VrsAnswer = z.output<typeof VrsAnswer>;

/** The answer's JSON text: the standard's fields only, absent ones left out. */
export function buildVrsAnswer(answer: VrsAnswer): string {
  const { verified, verificationFailureReason, additionalInfo } = answer.data;
  return JSON.stringify({
    verificationTimestamp: answer.verificationTimestamp,
    responderGLN: answer.responderGLN,
    corrUUID: answer.corrUUID,
    data: {
      verified,
      ...(verificationFailureReason === undefined ? {} : { verificationFailureReason }),
      ...(additionalInfo === undefined ? {} : { additionalInfo }),
    },
  });
}

/** Reads an answer's JSON text; throws VrsWireError when it is no JSON or not an answer. */
export function parseVrsAnswer(text: string): VrsAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new VrsWireError('the answer is not JSON');
  }
  const result = VrsAnswer.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`);
    throw new VrsWireError(`the answer is not a VRS answer (${issues.join('; ')})`);
  }
  return result.data;
}

/** The answer to checkConnectivity (HTTP 200): the responder's GLN. */
export const VrsConnectivityAnswer = z.object({ responderGLN: z.string() });
export type VrsConnectivityAnswer = z.output<typeof VrsConnectivityAnswer>;
