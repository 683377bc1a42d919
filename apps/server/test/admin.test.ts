import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

describe.each(DATABASES)('admin and registration on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, DEMO_USERS.admin);
  });
  afterAll(() => t?.close());

  const registration = {
    firstName: 'Mei',
    lastName: 'Tan',
    email: 'mei.tan@example.com',
    mobileCountry: 'sg',
    mobile: '91234567',
    dateOfBirth: '1990-05-17',
    password: 'Pharma#2026',
    confirmPassword: 'Pharma#2026',
  };

  it('a registered person can sign in but has no area until an admin grants one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration });
    expect(res.statusCode).toBe(201);
    const session = await signIn(t.app, registration.email, registration.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers });
    expect(me.json().authorization).toEqual({ authorizedMicroApp: [], applications: [], rights: [] });
    // Registering again reveals nothing and changes nothing (decision 0023).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration, password: 'Other#2026x', confirmPassword: 'Other#2026x' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ email: registration.email });
    expect((await signIn(t.app, registration.email, registration.password)).jwt).toBeTruthy();
  });

  it('the server runs the form rules again and names each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        ...registration,
        email: 'x@y',
        password: 'weak',
        confirmPassword: 'weak',
        mobile: '123',
        dateOfBirth: '2015-01-01',
        firstName: '',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toMatchObject({
      firstName: { message: 'First name cannot be empty.' },
      email: { message: 'Invalid email format.' },
      password: {
        code: 'PASSWORD_CRITERIA',
        message:
          'Password did not meet criteria. It needs at least 8 characters (it has 4), an upper case letter, a digit and a special character from !@#$%^&*.',
      },
      dateOfBirth: { message: 'You must be 18 years or older to use this app.' },
      mobile: { message: "Mobile format doesn't match with +65." },
    });
  });

  it('an admin creates a role and a user; the user gets exactly that tree', async () => {
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin.headers,
      payload: {
        name: 'RDC receiver',
        areas: ['RDC'],
        applications: [
          {
            application: 'RDC',
            modules: [{ module: 'RECEIVE', isCompletelyPermitted: false, features: [{ feature: 'List', actions: ['Filter', 'Scan'] }] }],
          },
        ],
        rights: [],
      },
    });
    expect(role.statusCode).toBe(201);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { email: 'Receiver@Demo.Local', firstName: 'Rex', lastName: 'Receiver', password: 'Pharma#2026', roleIds: [role.json().id] },
    });
    expect(user.statusCode).toBe(201);
    expect(user.json().email).toBe('receiver@demo.local');
    const session = await signIn(t.app, 'receiver@demo.local', 'Pharma#2026');
    const tree = (await t.app.inject({ method: 'GET', url: '/auth/authorizeMicroApp', headers: session.headers })).json();
    expect(tree.authorizedMicroApp).toEqual(['RDC']);
    expect(tree.applications[0].modules).toEqual([
      { module: 'RECEIVE', isCompletelyPermitted: false, features: [{ feature: 'List', actions: ['Filter', 'Scan'] }] },
    ]);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', user.json().id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', before_json: null });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ email: 'receiver@demo.local' });
  });

  it('granting an action the module does not have is refused and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers: admin.headers })).json().data.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin.headers,
      payload: {
        name: 'RTP deleter',
        areas: ['LDC'],
        applications: [
          {
            application: 'LDC',
            modules: [{ module: 'RTP', isCompletelyPermitted: false, features: [{ feature: 'List', actions: ['DeleteScannedItem'] }] }],
          },
        ],
        rights: [],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'GRANT_NOT_AVAILABLE',
      message: 'LDC/RTP/List/DeleteScannedItem is not available for that module.',
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers: admin.headers })).json().data.length;
    expect(after).toBe(before);
  });

  it('disabling a user ends their sessions at once, and it is audited with before and after', async () => {
    const victim = await signIn(t.app, DEMO_USERS.viewer);
    const users = (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).json().data;
    const viewer = users.find((u: { email: string }) => u.email === DEMO_USERS.viewer);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${viewer.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().disabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: victim.headers })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${victim.cookies.refresh_token}` });
    expect(refresh.statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', viewer.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).disabled).toBe(false);
    expect(JSON.parse(audit.after_json!).disabled).toBe(true);
    expect(audit.actor_id).toBe((await t.app.inject({ method: 'GET', url: '/api/me', headers: admin.headers })).json().user.id);
  });

  it('getToken reissues an access token; signin-with-jwt checks the NRIC', async () => {
    const s = await signIn(t.app, DEMO_USERS.rdc);
    const token = await t.app.inject({ method: 'GET', url: '/api/getToken', headers: s.headers });
    expect(token.statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token.json().jwt}` } })).json();
    const ok = await t.app.inject({ method: 'GET', url: `/api/signin-with-jwt/${me.user.nric}`, headers: s.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(DEMO_USERS.rdc);
    expect(ok.cookies.find((c) => c.name === 'jwt')).toBeDefined();
    const other = await t.app.inject({ method: 'GET', url: '/api/signin-with-jwt/S0000000X', headers: s.headers });
    expect(other.statusCode).toBe(403);
  });
});
