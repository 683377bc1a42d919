import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The audit chain's heads written outside the database (decision 0059): each time the sealer moves the
 * head it appends one line, `<ISO time> <seq> <hash>`, to an append-only file (AUDIT_HEAD_FILE); the
 * operator ships that file (and the server's log, which carries the same line) off the machine.
 * `audit:verify` compares the chain with every line: a trail rebuilt after a deleted or rewritten row,
 * or cut short, no longer passes through the heads written down before.
 */

export interface ChainHead {
  at: string;
  seq: number;
  hash: string;
}

/** Appends the head as one line, in one write (O_APPEND: lines of several writers never interleave). */
export async function appendHead(file: string, head: ChainHead): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${head.at} ${head.seq} ${head.hash}\n`, { mode: 0o600 });
}

/** A head line; psql's unaligned output (`time|seq|hash`, as the backup script writes it) reads too. */
const LINE = /^(\S+(?: \S+)?)[ |](\d+)[ |]([0-9a-f]{64})$/;

export interface HeadFile {
  heads: ChainHead[];
  /** Lines that are not heads (anything else written into the file), by line number. */
  unreadable: number[];
}

/** The heads written in `file`, or undefined when there is no such file. */
export function readHeads(file: string): HeadFile | undefined {
  if (!existsSync(file)) return undefined;
  const heads: ChainHead[] = [];
  const unreadable: number[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const text = line.trim();
      if (text === '') return;
      const m = LINE.exec(text);
      if (m) heads.push({ at: m[1]!, seq: Number(m[2]), hash: m[3]! });
      else unreadable.push(i + 1);
    });
  return { heads, unreadable };
}
