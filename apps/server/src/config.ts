import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, checkPassword } from '@pharma/domain';

/**
 * The environment, parsed once at startup. Nothing else reads process.env.
 * A bad variable stops the server with every problem listed.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const Env = z
  .object({
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
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Default: true, except with NODE_ENV=production (the demo users' password is public). */
    SEED_DEMO: optional(z.enum(['true', 'false'])),
    /** The first administrator, created at start when no user holds the ADMIN right (both or neither). */
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string()),
    WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    /** With TRUST_PROXY=true: how many proxies in front of the server are believed (X-Forwarded-For entries from the right). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    /** The TCP ports a network label printer may be configured on (comma-separated); never set through the API. */
    PRINTER_PORTS: z
      .string()
      .default('9100')
      .refine((v) => v.split(',').every((p) => /^\d{1,5}$/.test(p.trim()) && Number(p) >= 1 && Number(p) <= 65535), {
        message: 'must be a comma-separated list of TCP ports (1-65535)',
      }),
    /** true: printers on loopback, link-local or this server's own addresses are allowed (a print server on this machine, tests). */
    PRINTER_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
    /** The key of the audit rows' HMAC-SHA-256, 32+ characters; or AUDIT_KEY_FILE, a file holding it. Never stored in the database. */
    AUDIT_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
    AUDIT_KEY_FILE: optional(z.string()),
    /** The append-only file where the audit chain's head is written as it moves (seq and hash): audit:verify compares against it. */
    AUDIT_HEAD_FILE: optional(z.string()),
    /** The server's external base URL, e.g. https://scan.example.com; the SSO redirect_uri is built on it. */
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
    OIDC_ISSUER_URL: optional(z.url({ protocol: /^https?$/ })),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_CLIENT_SECRET: optional(z.string()),
    /** EPCIS documents with more events than this are taken in as a job, in chunks (decisions 0043, 0082). */
    EPCIS_JOB_EVENTS: z.coerce.number().int().min(1).default(100),
    /** EPCIS documents with more EPCs than this (epcList and childEPCs) are taken in as a job too (decision 0082). */
    EPCIS_JOB_EPCS: z.coerce.number().int().min(1).default(1_000),
    /** Events, counted by their EPCs (an event of none as one), per transaction of such a job; a larger event is cut in parts of this many EPCs. */
    EPCIS_CHUNK_EVENTS: z.coerce.number().int().min(1).max(10_000).default(100),
    /** A running job whose runner has not reported for this long was interrupted: it is marked failed (decision 0052). */
    EPCIS_JOB_SILENT_SECONDS: z.coerce.number().min(1).max(3_600).default(30),
    /** With the demo data: the ports of the NMVS and VRS simulators the demo runs in the app's process (0: any free port; off: none). */
    NMVS_SIMULATOR_PORT: simulatorPort('7081'),
    VRS_SIMULATOR_PORT: simulatorPort('7082'),
    /**
     * How long a scan or a 'Verify pack' waits for the national system's answer before it goes on without
     * one (the request stays queued for the sender): 2 s, a handheld's patience (issue 28).
     */
    VERIFICATION_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  })
  .superRefine((e, ctx) => {
    const oidc = { OIDC_ISSUER_URL: e.OIDC_ISSUER_URL, OIDC_CLIENT_ID: e.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET };
    const missing = Object.entries(oidc)
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    if (missing.length > 0 && missing.length < 3) {
      for (const name of missing) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with the other OIDC_* variables (all three or none)' });
      }
    }
    if (!e.ADMIN_EMAIL !== !e.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: [e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set with the other ADMIN_* variable',
      });
    }
    if (e.AUDIT_KEY && e.AUDIT_KEY_FILE) {
      ctx.addIssue({ code: 'custom', path: ['AUDIT_KEY_FILE'], message: 'must not be set with AUDIT_KEY (one key, one place)' });
    }
    if (e.AUDIT_KEY_FILE && !existsSync(e.AUDIT_KEY_FILE)) {
      ctx.addIssue({ code: 'custom', path: ['AUDIT_KEY_FILE'], message: 'names no file' });
    }
    if (e.NODE_ENV === 'production' && !e.AUDIT_KEY && !e.AUDIT_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_KEY'],
        message: 'must be set in production (or AUDIT_KEY_FILE): the key of the audit rows, kept outside the database (docs/deploy.md)',
      });
    }
    // The password rule of every account, an administrator's length (decision 0067): refused here, before anything starts.
    const adminPassword =
      e.ADMIN_PASSWORD === undefined ? undefined : checkPassword(e.ADMIN_PASSWORD, { min: ADMIN_PASSWORD_MIN, refused: [DEMO_PASSWORD] });
    if (adminPassword && !adminPassword.ok) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: adminPassword.message });
    const issuer = e.OIDC_ISSUER_URL && URL.canParse(e.OIDC_ISSUER_URL) ? new URL(e.OIDC_ISSUER_URL) : undefined;
    if (issuer?.protocol === 'http:' && !isLoopback(issuer)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER_URL'], message: 'must be https:// (http:// only on a loopback host)' });
    }
  });

/** A demo simulator's port: a TCP port (0: any free one), or `off` (null) to run the demo without that simulator. */
function simulatorPort(fallback: string) {
  return z
    .preprocess((v) => (v === '' ? undefined : v), z.string().default(fallback))
    .refine((v) => v === 'off' || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), { message: 'must be a TCP port (0-65535) or off' })
    .transform((v) => (v === 'off' ? null : Number(v)));
}

/** An unset or empty variable is absent (compose files pass `VAR=` for "not set"). */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: Uint8Array;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  production: boolean;
  /** Seed the demo warehouse and users into an empty database: off in production unless SEED_DEMO=true. */
  seedDemo: boolean;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the first administrator, made at start if there is none (decision 0021). */
  firstAdmin?: { email: string; password: string };
  webDist: string;
  /** false, or the number of proxy hops whose X-Forwarded-* headers are believed (TRUST_PROXY, TRUST_PROXY_HOPS). */
  trustProxy: false | number;
  /** Network label printers: the allowed ports, and whether loopback, link-local and own addresses are allowed. */
  printers: { ports: number[]; allowLoopback: boolean };
  /** The audit rows' HMAC key (never stored in the database) and the append-only file of the chain's heads. */
  audit: { key: Uint8Array; headFile: string };
  /** Single sign-on with the organisation's OpenID provider, when OIDC_* are set (decision 0005). */
  oidc?: OidcConfig;
  /** Large EPCIS intake (decisions 0043, 0082): above `jobEvents` events or `jobEpcs` EPCs, a job of transactions of `chunkEvents` EPCs. */
  epcisIntake: { jobEvents: number; jobEpcs: number; chunkEvents: number; silentSeconds: number };
  /** With the demo data (seedDemo): where the demo's national-system simulators listen, on loopback; null: that one is off (issue 28). */
  demoSimulators: { nmvsPort: number | null; vrsPort: number | null };
  /** How long a scan or a 'Verify pack' waits for the national system before the request is left to the sender, in ms. */
  verificationWaitMs: number;
}

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/sso/callback`: registered at the provider. */
  redirectUri: string;
  /** Plain-HTTP requests to the provider are allowed only on a loopback host (tests, local IdP). */
  allowInsecure: boolean;
}

/** The demo users' password, published in the README: refused as anyone's real password. */
export const DEMO_PASSWORD = 'Scan#2026';

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
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: join(dataDir, 'warehouse.sqlite') },
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret')),
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    refreshTokenSeconds: SESSION_SECONDS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    firstAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY === 'true' ? e.TRUST_PROXY_HOPS : false,
    printers: {
      ports: [...new Set(e.PRINTER_PORTS.split(',').map((p) => Number(p.trim())))],
      allowLoopback: e.PRINTER_ALLOW_LOOPBACK === 'true',
    },
    audit: {
      key: new TextEncoder().encode(
        e.AUDIT_KEY ?? (e.AUDIT_KEY_FILE ? readFileSync(e.AUDIT_KEY_FILE, 'utf8').trim() : localSecret(dataDir, 'audit-key')),
      ),
      headFile: resolve(e.AUDIT_HEAD_FILE ?? join(dataDir, 'audit-heads.log')),
    },
    epcisIntake: {
      jobEvents: e.EPCIS_JOB_EVENTS,
      jobEpcs: e.EPCIS_JOB_EPCS,
      chunkEvents: e.EPCIS_CHUNK_EVENTS,
      silentSeconds: e.EPCIS_JOB_SILENT_SECONDS,
    },
    demoSimulators: { nmvsPort: e.NMVS_SIMULATOR_PORT, vrsPort: e.VRS_SIMULATOR_PORT },
    verificationWaitMs: e.VERIFICATION_WAIT_MS,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: new URL(e.OIDC_ISSUER_URL),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUri: `${(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')}/api/sso/callback`,
            allowInsecure: new URL(e.OIDC_ISSUER_URL).protocol === 'http:',
          }
        : undefined,
  };
}

/** With no JWT_SECRET (or, outside production, no audit key), a random one is made once and kept in the data folder. */
function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
