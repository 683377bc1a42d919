import { describe, expect, it } from 'vitest';
import { DATABASES, startTestApp } from './harness.ts';
import { prepared } from '../src/db/prepared.ts';

describe.each(DATABASES)('prepared statements on %s', (kind) => {
  it('bind ? placeholders in order, leave a ? inside a quoted literal alone, and run a trailing FOR UPDATE where rows lock', async () => {
    const t = await startTestApp(kind);
    try {
      const echo = prepared<{ a: string; b: string; literal: string }, [string, string]>(
        "SELECT CAST(? AS text) AS a, CAST(? AS text) AS b, 'what?' AS literal",
      );
      expect(await echo(t.database.db, 'first', 'second')).toEqual([{ a: 'first', b: 'second', literal: 'what?' }]);
      const locked = prepared<{ number: string }, [string]>('SELECT number FROM documents WHERE number = ? FOR UPDATE OF documents');
      const rows = await t.database.db.transaction().execute((trx) => locked(trx, '1800000101'));
      expect(rows).toEqual([{ number: '1800000101' }]);
    } finally {
      await t.close();
    }
  });
});
