import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// db/audit.ts is the one writer of audit_log (decision 0088): every statement that appends to it, on
// both databases, is written there, and a scan's statement appends through the CTE text it exports
// (`APPEND_SIGNED_PG`). The sealer's UPDATE of seq and hash (db/audit-chain.ts) is the one other write
// the trail allows. This reads the server's source and the scripts and names any other module that writes it.
const repo = join(import.meta.dirname, '../../..');

/** Statements that write audit_log: SQL text (either database) or Kysely's builders. */
const WRITES = [
  /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+["`]?audit_log\b/i,
  /\bREPLACE\s+INTO\s+["`]?audit_log\b/i,
  /\bUPDATE\s+["`]?audit_log\b/i,
  /\bDELETE\s+FROM\s+["`]?audit_log\b/i,
  /\bTRUNCATE\s+(?:TABLE\s+)?["`]?audit_log\b/i,
  /\bMERGE\s+INTO\s+["`]?audit_log\b/i,
  /\.(?:insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*['"`]audit_log\b/,
];

/** Where a write is allowed, and which: appends in the writer, the seal in the chain. */
const ALLOWED: Record<string, RegExp[]> = {
  'apps/server/src/db/audit.ts': [WRITES[0]!],
  'apps/server/src/db/audit-chain.ts': [/\bUPDATE\s+audit_log\s+SET\s+seq\b/i],
};

/** The writes of audit_log in one file's text, each as its line number and the allowed form it is not. */
function auditWrites(file: string, text: string): string[] {
  const allowed = ALLOWED[file] ?? [];
  const found: string[] = [];
  // A statement may run over lines: each line is read with the next one.
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const span = `${line} ${lines[i + 1] ?? ''}`;
    for (const write of WRITES) {
      const match = write.exec(span);
      if (!match || match.index > line.length) continue;
      if (allowed.some((a) => a.test(span.slice(match.index)))) continue;
      found.push(`${file}:${i + 1}: ${match[0]}`);
    }
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !path.includes('/node_modules/') && !path.includes('/dist/'));
}

describe('one audit writer', () => {
  it('no module of the server or the scripts but db/audit.ts writes audit_log (the sealer apart)', () => {
    // Migrations create the table and its triggers: DDL, not writes of rows (their triggers name
    // "UPDATE ON audit_log", which is not a statement that writes it).
    const files = [...sources(join(repo, 'apps/server/src')), ...sources(join(repo, 'scripts'))];
    const writes = files.flatMap((path) => auditWrites(relative(repo, path), readFileSync(path, 'utf8')));
    expect(writes).toEqual([]);
  });

  it('finds a write of audit_log in any other module, SQL or Kysely', () => {
    const file = 'apps/server/src/api/scans/scans.repository.ts';
    expect(auditWrites(file, 'const q = `\n  INSERT INTO audit_log (id, at)\n  VALUES (?, ?)`;')).toHaveLength(1);
    expect(auditWrites(file, '  ), audit AS (\n    INSERT INTO\n      audit_log (id) SELECT 1')).toHaveLength(1);
    expect(auditWrites(file, "await db.insertInto('audit_log').values(rows).execute();")).toHaveLength(1);
    expect(auditWrites(file, 'await sql`DELETE FROM audit_log WHERE id = ${id}`.execute(db);')).toHaveLength(1);
    expect(auditWrites('apps/server/src/db/audit-chain.ts', 'INSERT INTO audit_log (id) VALUES (?)')).toHaveLength(1);
    // Reading it is anyone's: the reports do.
    expect(auditWrites(file, 'SELECT 1 FROM audit_log a WHERE a.entity = ?')).toEqual([]);
    expect(auditWrites('apps/server/src/db/audit.ts', 'INSERT INTO audit_log (id) VALUES (?)')).toEqual([]);
  });
});
