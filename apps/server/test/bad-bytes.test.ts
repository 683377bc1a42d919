import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { login } from './requests.ts';
import { makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * Bad bytes (issue 26, decision 0060): a NUL in any string answered 500 on PostgreSQL on 29 routes,
 * sign-in and registration included. Every route now refuses NUL, and every field other control
 * characters it cannot hold, with a 400 naming the field, on both databases; a scan's group
 * separators still pass.
 */
describe.each(DATABASES)('control characters in requests on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let packs: PackSpec[];
  const IBD = '1900000031';

  beforeAll(async () => {
    // Single sign-on on (its provider is never reached: the refusals come first), so its callback is walked too.
    t = await startTestApp(kind, {
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'pharma',
      OIDC_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    packs = makeCodes(31).packs(3, all[0]!);
    await stageInbound(t.app, admin, IBD, { packs }, all);
  });
  afterAll(() => t?.close());

  const refusal = (field: string) => ({ code: 'CONTROL_CHARACTER', message: `The field '${field}' contains a control character.` });

  it('sign-in with a NUL answers 400 naming the field, and counts no failure', async () => {
    const ADDRESS = '10.26.0.1';
    const nul = await login(t.app, `${DEMO_USERS.rdc}\u0000`, 'x', ADDRESS);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(refusal('identifier'));
    const password = await login(t.app, DEMO_USERS.rdc, `${DEMO_PASSWORD}\u0000`, ADDRESS);
    expect(password.statusCode).toBe(400);
    expect(password.json()).toEqual(refusal('password'));
    expect((await login(t.app, DEMO_USERS.rdc, 'tab\tin a password', ADDRESS)).json()).toEqual(refusal('password'));
    expect((await login(t.app, DEMO_USERS.rdc, DEMO_PASSWORD, ADDRESS)).statusCode).toBe(200);
    const counted = await t.database.db.selectFrom('login_limits').select('key').where('key', 'like', '%10.26.0.1%').execute();
    expect(counted).toEqual([]);
  });

  it('registration with a NUL answers 400 naming the field', async () => {
    const payload = {
      firstName: 'Mei\u0000',
      lastName: 'Tan',
      email: 'mei.tan@example.com',
      mobileCountry: 'sg',
      mobile: '91234567',
      dateOfBirth: '1990-05-17',
      password: 'Pharma#2026',
      confirmPassword: 'Pharma#2026',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: '10.26.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('firstName'));
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...payload, firstName: 'Mei', email: 'mei\u0000@example.com' },
      remoteAddress: '10.26.0.2',
    });
    expect(email.json()).toEqual(refusal('email'));
  });

  it('a token refresh, a path and the single sign-on callback with a NUL answer 400 naming it', async () => {
    const refresh = await t.app.inject({ method: 'GET', url: '/api/refreshToken?refresh_token=abc%00' });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual(refusal('refresh_token'));
    const details = await t.app.inject({ method: 'GET', url: '/api/ibdNo/1900000031%00?area=RDC', headers: rdc });
    expect(details.statusCode).toBe(400);
    expect(details.json()).toEqual(refusal('ibdNo'));
    const callback = await t.app.inject({ method: 'GET', url: '/api/sso/callback?code=abc%00&state=x' });
    expect(callback.statusCode).toBe(400);
    expect(callback.json()).toEqual(refusal('code'));
    // A parameter the route does not name is not read, but a NUL in it is refused all the same.
    const stray = await t.app.inject({ method: 'GET', url: '/api/sso/callback?code=abc&session_state=%00' });
    expect(stray.json()).toEqual(refusal('session_state'));
  });

  const scan = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: rdc,
      payload: { docType: 'IBD', docNo: IBD, unit: 'EA', idType: 'GS1', scanId: randomUUID(), ...body },
    });

  it('a scan code keeps its group separators (FNC1) and an ISO/IEC 15434 envelope its RS and EOT', async () => {
    const code = packScan(packs[0]!);
    expect(code).toContain('\u001d');
    const res = await scan({ code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 1 });
    const envelope = await scan({ code: `[)>\u001e06\u001d01${packs[1]!.gtin}\u001d21${packs[1]!.serial}\u001e\u0004` });
    expect(envelope.json().code).not.toBe('CONTROL_CHARACTER');
  });

  it('a scan code with a NUL or another control character, or a separator where a scan does not go, answers 400', async () => {
    const nul = await scan({ code: `${packScan(packs[2]!)}\u0000` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(refusal('code'));
    expect((await scan({ code: `${packScan(packs[2]!)}\u0007` })).json()).toEqual(refusal('code'));
    expect((await scan({ code: packScan(packs[2]!), docNo: `${IBD}\u001d` })).json()).toEqual(refusal('docNo'));
    expect((await scan({ code: packScan(packs[2]!), device: 'reader\n2' })).json()).toEqual(refusal('device'));
  });

  it('a reason may span lines', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/itemStatus?area=RDC',
      headers: admin,
      payload: { code: packScan(packs[0]!), unit: 'EA', status: 'DAMAGED', reason: 'seal broken\r\nbox wet\t(see photo)' },
    });
    expect(res.json().code).not.toBe('CONTROL_CHARACTER');
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/itemStatus?area=RDC',
      headers: admin,
      payload: { code: packScan(packs[0]!), unit: 'EA', status: 'DAMAGED', reason: 'seal\u0000' },
    });
    expect(nul.json()).toEqual(refusal('reason'));
  });

  it('every route of the API document answers a NUL in any of its parameters or body fields with 400 naming it, never 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const failures: string[] = [];
    let refused = 0;
    let probes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const probe of probesOf(doc, path, op)) {
          probes += 1;
          const send = (url: string) =>
            t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { ...admin, ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }) },
              payload: probe.body === undefined ? undefined : JSON.stringify(probe.body),
            });
          let res = await send(probe.url);
          // A module the admin has only in the local area: the same probe there.
          if (res.statusCode === 403 && probe.url.includes('area=RDC')) res = await send(probe.url.replace('area=RDC', 'area=LDC'));
          const label = `${method.toUpperCase()} ${probe.url} (${probe.field}): ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode === 400 && res.json().code === 'CONTROL_CHARACTER') {
            refused += 1;
            if (res.json().message !== refusal(probe.field).message) failures.push(label);
          } else if (res.statusCode !== 401 && res.statusCode !== 403) {
            // Only the permission gate, which runs before validation, may answer otherwise.
            failures.push(label);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(probes * 0.9);
  });
});

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const NUL = 'A\u0000';
/** Values that fit the patterns of our identifiers: an SSCC, a repack number, a material number. */
const PATTERN_SAMPLES = ['106141410000000018', 'RP00000001', 'MAT00001', 'A'];

/** One request per parameter and per top-level body field, with a NUL there and plausible values elsewhere. */
function probesOf(doc: OpenApi, path: string, op: Operation): { url: string; body?: unknown; field: string }[] {
  const params = op.parameters ?? [];
  const inPath = params.filter((p) => p.in === 'path');
  const inQuery = params.filter((p) => p.in === 'query');
  const bodySchema = resolve(doc, op.requestBody?.content['application/json']?.schema);
  const body = bodySchema ? (sample(doc, bodySchema) as Record<string, unknown>) : undefined;
  const url = (pathValue: (name: string) => string, queryValue: (name: string) => string | undefined) => {
    const query = inQuery
      .map((p) => [p.name, queryValue(p.name)] as const)
      .filter(([, v]) => v !== undefined)
      .map(([name, v]) => `${name}=${encodeURIComponent(v!)}`)
      .join('&');
    return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValue(name))) + (query ? `?${query}` : '');
  };
  const plainQuery = (name: string) => {
    const p = inQuery.find((q) => q.name === name)!;
    return p.required || name === 'area' ? String(sample(doc, p.schema)) : undefined;
  };
  const plainPath = (name: string) => String(sample(doc, inPath.find((p) => p.name === name)!.schema));
  const probes: { url: string; body?: unknown; field: string }[] = [];
  for (const p of inPath) probes.push({ url: url((n) => (n === p.name ? NUL : plainPath(n)), plainQuery), body, field: p.name });
  for (const p of inQuery) probes.push({ url: url(plainPath, (n) => (n === p.name ? NUL : plainQuery(n))), body, field: p.name });
  if (bodySchema && body && typeof body === 'object') {
    const fields = Object.keys(bodySchema.properties ?? {});
    for (const field of fields.length > 0 ? fields : ['probe']) {
      probes.push({ url: url(plainPath, plainQuery), body: { ...body, [field]: NUL }, field });
    }
  }
  return probes;
}

function resolve(doc: OpenApi, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').at(-1)!]);
}

/** A plausible value of a schema: its example, its first option, or the least that fits. */
function sample(doc: OpenApi, raw: JsonSchema): unknown {
  const schema = resolve(doc, raw)!;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return sample(doc, option);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return '2026-11-21';
      if (schema.format === 'date-time') return '2026-11-21T00:00:00Z';
      if (schema.pattern) return PATTERN_SAMPLES.find((s) => new RegExp(schema.pattern!).test(s)) ?? 'A';
      return 'A'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems && schema.items ? [sample(doc, schema.items)] : [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(doc, schema.properties![k]!)]));
    default:
      return null;
  }
}
