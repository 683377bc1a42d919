import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, DOCUMENT_AUDIT_VERBS, documentAuditAction, readAuditAction } from './audit-actions.ts';

describe('readAuditAction', () => {
  it('reads every listed action as itself, those with a space too', () => {
    for (const action of AUDIT_ACTIONS) expect(readAuditAction(action)).toEqual({ kind: 'plain', action });
    expect(readAuditAction('line added')).toEqual({ kind: 'plain', action: 'line added' });
    expect(readAuditAction('replace pack')).toEqual({ kind: 'plain', action: 'replace pack' });
  });

  it("reads a document family's action with its document's type and number", () => {
    expect(readAuditAction(documentAuditAction('scan', 'OBD', '1800000102'))).toEqual({
      kind: 'document',
      verb: 'scan',
      type: 'OBD',
      number: '1800000102',
    });
    expect(readAuditAction('replace RRD 4500001234')).toMatchObject({ kind: 'document', verb: 'replace', type: 'RRD' });
    expect(readAuditAction('complete OBD+ D1')).toMatchObject({ kind: 'document', verb: 'complete', type: 'OBD+', number: 'D1' });
  });

  it('calls anything else unknown, without throwing', () => {
    for (const action of ['', 'repack-split', 'scan OBD', 'copy', 'scan  OBD 1', 'Create', ' create']) {
      expect(readAuditAction(action)).toEqual({ kind: 'unknown' });
    }
  });

  it('keeps plain actions and document verbs apart from the readings they could be mistaken for', () => {
    // A plain action never reads as a document's: at most one space, or not a verb first.
    for (const action of AUDIT_ACTIONS) expect(action.split(' ').length).toBeLessThanOrEqual(2);
    expect(new Set(DOCUMENT_AUDIT_VERBS).size).toBe(DOCUMENT_AUDIT_VERBS.length);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
