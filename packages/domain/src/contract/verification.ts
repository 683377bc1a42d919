import { z } from 'zod';
import { hasValidCheckDigit } from '../gs1/check-digit.ts';
import { allowControlCharacters, ScanCode } from './common.ts';
import { AreaQuery } from './inventory.ts';

/**
 * Pack verification against the national systems (issue 28, decision 0081): a warehouse's connection to
 * its system (NMVS in the EU, VRS in the US), a pack verified on demand, and the requests sent.
 */

export const VERIFICATION_SYSTEMS = ['NMVS', 'VRS'] as const;
export const VerificationSystem = z.enum(VERIFICATION_SYSTEMS);
export type VerificationSystem = z.infer<typeof VerificationSystem>;

/** What a request asks of the system: the NMVS use cases by name (its G-code is made from this and the kind). */
export const VERIFICATION_OPERATIONS = ['verify', 'supply', 'destroy', 'export', 'sample', 'freeSample', 'lock', 'stolen'] as const;
export type VerificationOperation = (typeof VERIFICATION_OPERATIONS)[number];
/** One pack, many packs of one product and batch, or the undo of either. */
export const VERIFICATION_KINDS = ['single', 'bulk', 'undo', 'bulkUndo'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
/** Why the request was made: the workflow that asked. */
export const VERIFICATION_PURPOSES = ['on-demand', 'return-scan', 'scrap', 'export', 'export-undo'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
/**
 * verified: the system verified the pack, or applied the decommission or undo; alert: it refused and
 * raised an alert (NMVS level 5, with its id); refused: it refused without one; pending: not answered
 * yet (queued, sent again until answered); failed: the request cannot succeed as sent (never sent again).
 */
export const VERIFICATION_OUTCOMES = ['verified', 'alert', 'refused', 'pending', 'failed'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];
/** Where a request is: waiting to be sent (again), being sent under a sender's lease, answered, or failed for good. */
export const VERIFICATION_REQUEST_STATES = ['queued', 'sending', 'answered', 'failed'] as const;
export type VerificationRequestState = (typeof VERIFICATION_REQUEST_STATES)[number];

/** ClientLoginId and UserId as the NMVS schema has them (decision 0081, S2). */
const NMVS_CLIENT_ID = /^[A-Za-z0-9-]{1,20}$/;
const NMVS_USER = /^[A-Za-z0-9-]{4,20}$/;

function isServiceUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  // Credentials in the address would be stored and audited in clear: they belong in clientId, user and secret.
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
}

/** PEM text: lines, as a file holds it. */
const PEM_TEXT = allowControlCharacters('LF', 'CR');

/**
 * The NMVS client certificate (decision 0081, "Client certificate"): the real NMVS takes a client only with
 * the certificate its NMVO issued to the warehouse, presented in the TLS handshake, besides the
 * credentials in each message. The server checks it on input (PEM, not expired, a client certificate, the
 * key its own) and seals the key as the secret.
 */
export const ClientCertificateSetting = z.object({
  chain: z
    .string()
    .min(1)
    .max(65_536)
    .meta({
      ...PEM_TEXT,
      description: 'PEM: the client certificate first, then each CA certificate that issued the one before it, if the system needs them.',
    }),
  privateKey: z
    .string()
    .min(1)
    .max(16_384)
    .meta({
      ...PEM_TEXT,
      description:
        'PEM, unencrypted (-----BEGIN PRIVATE KEY-----): the key of the client certificate. Sealed at rest, never answered, logged or audited.',
    }),
  serverCa: z
    .string()
    .min(1)
    .max(524_288)
    .meta({
      ...PEM_TEXT,
      description:
        "PEM CA certificates that issued the system's server certificate, when not a public CA; given, only these are trusted for it.",
    })
    .optional(),
});
export type ClientCertificateSetting = z.infer<typeof ClientCertificateSetting>;

/** What the answer and the audit trail say of a client certificate: never its key. */
export const ClientCertificateSummary = z.object({
  subject: z.string(),
  issuer: z.string(),
  /** Hexadecimal, as the certificate holds it. */
  serialNumber: z.string(),
  /** ISO 8601. */
  notAfter: z.string(),
  /** The subjects of the CAs trusted for the system's server certificate; empty: the public CAs. */
  serverCa: z.array(z.string()),
});
export type ClientCertificateSummary = z.infer<typeof ClientCertificateSummary>;

/**
 * `verification` of PUT /api/integration/warehouses/{warehouseNo}: the warehouse's national system.
 * NMVS: `clientId`, `user` and `secret` are its ClientLoginId, UserId and Password, `certificate` its
 * client certificate (an https:// address). VRS: `secret` is sent as a bearer token when set, and `gln`
 * is the requester (reqGLN; the warehouse's GLN when left out). `secret` and `certificate` left out keep
 * the ones stored; null removes them. Neither the secret nor the key is ever answered nor logged.
 */
export const VerificationSetting = z
  .object({
    system: VerificationSystem,
    url: z
      .string()
      .max(500)
      .refine(isServiceUrl, 'an http:// or https:// address with a host and no user or password in it')
      .describe("The system's base address: the NMVS service paths or the VRS /verify path are added to it."),
    clientId: z.string().regex(NMVS_CLIENT_ID, "1 to 20 letters, digits or '-'").optional(),
    user: z.string().regex(NMVS_USER, "4 to 20 letters, digits or '-'").optional(),
    secret: z.string().min(1).max(500).nullable().optional(),
    gln: z
      .string()
      .regex(/^\d{13}$/, '13 digits')
      .refine((gln) => hasValidCheckDigit(gln), 'a GLN with its GS1 check digit')
      .optional(),
    certificate: ClientCertificateSetting.nullable().optional(),
  })
  .superRefine((setting, context) => {
    if (setting.certificate && setting.system !== 'NMVS')
      context.addIssue({ code: 'custom', path: ['certificate'], message: 'only the NMVS takes a client certificate' });
    // Over http:// the certificate would never be presented, and the warehouse would think it was.
    if (setting.certificate && URL.canParse(setting.url) && new URL(setting.url).protocol !== 'https:')
      context.addIssue({ code: 'custom', path: ['url'], message: 'a client certificate needs an https:// address' });
    if (setting.system !== 'NMVS') return;
    if (setting.clientId === undefined) context.addIssue({ code: 'custom', path: ['clientId'], message: 'the NMVS needs the client id' });
    if (setting.user === undefined) context.addIssue({ code: 'custom', path: ['user'], message: 'the NMVS needs the user' });
    // The NMVS Password type: 8 to 60 characters (0081, S2).
    if (typeof setting.secret === 'string' && (setting.secret.length < 8 || setting.secret.length > 60)) {
      context.addIssue({ code: 'custom', path: ['secret'], message: 'an NMVS password has 8 to 60 characters' });
    }
  });
export type VerificationSetting = z.infer<typeof VerificationSetting>;

/** POST /api/verifyPack: the pack's raw scan (its GS1 DataMatrix), decoded again on the server. */
export const VerifyPackRequest = z.object({ code: ScanCode });
export type VerifyPackRequest = z.infer<typeof VerifyPackRequest>;

/**
 * The pack's state as the system answered: NMVS's own (ACTIVE, INACTIVE with its reasons, UNKNOWN to
 * it). VRS has no states: verified reads ACTIVE, GTIN and serial unknown (No_match_GTIN_Serial) UNKNOWN,
 * any other refusal INACTIVE. PENDING: no answer yet; FAILED: the request cannot succeed as sent.
 */
export const VERIFICATION_PACK_STATES = ['ACTIVE', 'INACTIVE', 'UNKNOWN', 'PENDING', 'FAILED'] as const;
export type VerificationPackState = (typeof VERIFICATION_PACK_STATES)[number];

export const VerifyPackResponse = z.object({
  /** The request, as GET /api/verificationRequests lists it. */
  requestId: z.string(),
  system: VerificationSystem,
  /** null while not answered (PENDING) or when the request failed. */
  verified: z.boolean().nullable(),
  state: z.enum(VERIFICATION_PACK_STATES),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  /** NMVS: the ReturnCode (NMVS_SUCCESS, NMVS_NC_PC_02 …); VRS: the verificationFailureReason; null when there is none. */
  returnCode: z.string().nullable(),
  /** NMVS: the pack's reasons (DESTROYED …); VRS: the additionalInfo (Recalled, Expired …). */
  reasons: z.array(z.string()),
  message: z.string(),
  alertId: z.string().optional(),
  /** What was sent: the GTIN and serial, the batch and the expiry (YYMMDD, day 00 allowed) of the code, else of the pack on record. */
  pack: z.object({ gtin: z.string(), serial: z.string(), batch: z.string(), expiry: z.string() }),
});
export type VerifyPackResponse = z.infer<typeof VerifyPackResponse>;

/** GET /api/verificationRequests: the area's requests, newest first; `outcome` pending includes requests never tried yet. */
export const VerificationRequestsQuery = AreaQuery.extend({
  outcome: z.enum(VERIFICATION_OUTCOMES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type VerificationRequestsQuery = z.infer<typeof VerificationRequestsQuery>;

/** At most this many requests are listed (the newest). */
export const VERIFICATION_LIST_LIMIT = 200;

export const VerificationRequestItem = z.object({
  id: z.string(),
  requestedAt: z.string(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  warehouseNo: z.string(),
  system: VerificationSystem,
  operation: z.enum(VERIFICATION_OPERATIONS),
  kind: z.enum(VERIFICATION_KINDS),
  purpose: z.enum(VERIFICATION_PURPOSES),
  gtin: z.string(),
  batch: z.string(),
  /** YYMMDD as sent (day 00: the month's last day). */
  expiry: z.string(),
  /** The pack's serial (a single request), or null (bulk: `packs` of them). */
  serial: z.string().nullable(),
  packs: z.number(),
  unitId: z.string().nullable(),
  documentId: z.string().nullable(),
  state: z.enum(VERIFICATION_REQUEST_STATES),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  returnCode: z.string().nullable(),
  message: z.string().nullable(),
  alertId: z.string().nullable(),
  attempts: z.number(),
  answeredAt: z.string().nullable(),
});
export type VerificationRequestItem = z.infer<typeof VerificationRequestItem>;
export const VerificationRequestsResponse = z.object({ data: z.array(VerificationRequestItem) });
