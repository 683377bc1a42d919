import { familyOf, readAuditAction } from '@pharma/domain';
import { AUDIT_ACTION_LABELS, AUDIT_DOCUMENT_LABELS, AUDIT_OTHER_ACTION, fillLabel, UI } from '../../config/labels.ts';

/**
 * An audit action as a unit's history titles it (issue 27): the words of a listed action, a document
 * family's with its document named as its pages name it ('Scanned on OBD No. 1800000102'), and a
 * generic word for one this version does not know. Never the code.
 */
export function auditActionText(action: string): string {
  const read = readAuditAction(action);
  if (read.kind === 'plain') return AUDIT_ACTION_LABELS[read.action];
  if (read.kind === 'unknown') return AUDIT_OTHER_ACTION;
  const number = familyOf(read.type)?.labels.number ?? UI.documentNo;
  return fillLabel(AUDIT_DOCUMENT_LABELS[read.verb], { document: `${number} ${read.number}` });
}
