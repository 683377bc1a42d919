import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, DOCUMENT_AUDIT_VERBS, documentAuditAction, FAMILIES, LITE_FAMILIES } from '@pharma/domain';
import { AUDIT_OTHER_ACTION } from '../../config/labels.ts';
import { auditActionText } from './audit-action-text.ts';

/** What a code looks like on screen: a hyphenated or camel-case word, or an upper-case family type. */
const CODE = /\b[a-z]+-[a-z]+\b|\b[a-z]+[A-Z]\w*\b|[A-Z]{2,}_[A-Z]/;

describe("a unit's history names each action in words (issue 27)", () => {
  // AUDIT_ACTIONS is the list the server's audit writer takes (its type): a new action written
  // anywhere is added there first, and fails here until it has words.
  it.each(AUDIT_ACTIONS)('%s', (action) => {
    const text = auditActionText(action);
    expect(text).toMatch(/^[A-Z]/);
    expect(text).not.toBe(AUDIT_OTHER_ACTION);
    expect(text.toLowerCase()).not.toBe(action.toLowerCase());
    expect(text).not.toMatch(CODE);
  });

  it('says what the actions the walk met did', () => {
    expect(['repack-add', 'redress-add', 'redress-remove', 'create', 'print-failed'].map(auditActionText)).toEqual([
      'Added in a repack',
      'Put in a redress carton',
      'Taken out of a redress carton',
      'Created',
      'Label printing failed',
    ]);
  });

  it("names a document family's action with the document as its pages name it, for every family", () => {
    expect(auditActionText(documentAuditAction('scan', 'OBD', '1800000102'))).toBe('Scanned on OBD No. 1800000102');
    expect(auditActionText('reverse DECOMM 1900000001')).toBe('Taken off SN No. 1900000001');
    expect(auditActionText('complete IBD+ LI0001')).toBe('Inbound No. LI0001 completed');
    expect(auditActionText('replace RRD 4500001234')).toBe('Replaced on PO No. 4500001234');
    for (const family of [...FAMILIES, ...LITE_FAMILIES.map((l) => l.family)]) {
      for (const verb of DOCUMENT_AUDIT_VERBS) {
        const text = auditActionText(documentAuditAction(verb, family.type, 'N1'));
        expect(text).toContain(`${family.labels.number} N1`);
        expect(text).toMatch(/^[A-Z]/);
        expect(text).not.toMatch(new RegExp(`\\b${verb}\\b`));
      }
    }
  });

  it('gives a generic word for an action it does not know, never the code', () => {
    expect(auditActionText('repack-split')).toBe(AUDIT_OTHER_ACTION);
    expect(auditActionText('')).toBe(AUDIT_OTHER_ACTION);
    expect(auditActionText('scan FOO 1')).toBe('Scanned on Document No. 1');
  });
});
