import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The environment, parsed once at startup. Nothing else reads process.env.
 * A bad variable stops the server with every problem listed.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: Uint8Array;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  trustProxy: boolean;
}

/** The session cookie lifetime: 7 days (spec point 9). */
export const SESSION_SECONDS = 7 * 24 * 3600;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: join(dataDir, 'warehouse.sqlite') },
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? localSecret(dataDir)),
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    refreshTokenSeconds: SESSION_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY === 'true',
  };
}

/** With no JWT_SECRET, a random one is made once and kept in the data folder. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
