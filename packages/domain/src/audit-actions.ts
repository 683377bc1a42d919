/**
 * Every action the server writes into the audit trail (issue 27, decision 0069). The server's one
 * writer (apps/server/src/db/audit.ts) takes only these, so a new action is added here first, and the
 * web's words for it (AUDIT_ACTION_LABELS in apps/web/src/config/labels.ts) follow: the type and a
 * test see that none is missing. The trail keeps the codes; screens show the words.
 */
export const AUDIT_ACTIONS = [
  // Accounts, roles and sessions
  'register',
  'login',
  'refresh',
  'revoke',
  'logout',
  // Any record made or changed as a whole: a user, role, reader setting, document, unit, repack
  'create',
  'update',
  'remove',
  // A unit's or document's state
  'status',
  'complete',
  'reopen',
  // Document lines counted without serials (ScanLite, the lite families, redress)
  'count',
  'uncount',
  'remove count',
  'line added',
  'line quantity',
  'line removed',
  // Redress
  'bprNo',
  'carton label',
  'redress-add',
  'redress-remove',
  'replace pack',
  // SSCCs and labels
  'label-setup',
  'issue',
  'print',
  'reprint',
  'print-failed',
  // Repack
  'reference',
  'repack-add',
  'repack-remove',
  'repack-complete',
  // EPCIS intake
  'commission',
  'aggregate',
  // A batch put on hold, released or recalled (issue 30, decision 0070)
  'batch status',
] as const;
export type PlainAuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What a document family's scan, reverse, completion, reopening or pack replacement does to each unit,
 * written with the document's type and number: 'scan OBD 1800000102'.
 */
export const DOCUMENT_AUDIT_VERBS = ['scan', 'reverse', 'complete', 'reopen', 'replace'] as const;
export type DocumentAuditVerb = (typeof DOCUMENT_AUDIT_VERBS)[number];

/** An action the audit writer takes. */
export type AuditAction = PlainAuditAction | `${DocumentAuditVerb} ${string} ${string}`;

/** A document family's action on units: the verb, the document's type and its number. */
export function documentAuditAction(verb: DocumentAuditVerb, type: string, number: string): AuditAction {
  return `${verb} ${type} ${number}`;
}

/**
 * An action read back from the trail: one of the list, a document family's with its document, or one
 * this code does not know (a newer server's, or a row copied from elsewhere): never thrown on.
 */
export type ReadAuditAction =
  | { kind: 'plain'; action: PlainAuditAction }
  | { kind: 'document'; verb: DocumentAuditVerb; type: string; number: string }
  | { kind: 'unknown' };

export function readAuditAction(action: string): ReadAuditAction {
  const plain = AUDIT_ACTIONS.find((a) => a === action);
  if (plain) return { kind: 'plain', action: plain };
  const match = /^(\S+) (\S+) (\S.*)$/.exec(action);
  const verb = DOCUMENT_AUDIT_VERBS.find((v) => v === match?.[1]);
  return verb && match ? { kind: 'document', verb, type: match[2]!, number: match[3]! } : { kind: 'unknown' };
}
