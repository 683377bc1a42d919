import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests, type Headers } from './requests.ts';

/**
 * Answers in the language the client asks for (issue 33, decision 0090): the signed-in user's saved
 * language, else Accept-Language, else English. The `code` of a refusal never changes with it, and the
 * English answer is the catalogue's text as it always was.
 */
describe.each(DATABASES)('the language of answers on %s', (kind) => {
  let t: TestApp;
  let ldc: Headers;
  let admin: Headers;
  const local = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/me', headers });
  const language = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/me/language', headers });
  const setLanguage = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/me/language', headers, payload: payload as object });
  const create = (docNo: string, headers: Headers) =>
    local.post('/api/lite/createDocument', { moduleType: 'DISPATCH+', docNo, warehouseNo: 'W3010' }, headers);
  const languageAudits = () =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'entity_id', 'action', 'before_json', 'after_json'])
      .where('entity', '=', 'user')
      .where('action', '=', 'update')
      .where('after_json', 'like', '%language%')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
  });
  afterAll(() => t?.close());

  it('answers a refusal in the language of Accept-Language, its code unchanged, and in English otherwise', async () => {
    const asked = async (acceptLanguage?: string) => {
      const res = await me(acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      expect(res.statusCode).toBe(401);
      return res.json();
    };
    const english = { code: 'NOT_SIGNED_IN', message: 'You are not signed in. Please log in again.' };
    const chinese = { code: 'NOT_SIGNED_IN', message: '您尚未登录。请重新登录。' };
    const malay = { code: 'NOT_SIGNED_IN', message: 'Anda belum log masuk. Sila log masuk semula.' };
    expect(await asked()).toEqual(english);
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'zh-Hans-CN', 'fr-FR, zh-CN;q=0.9, en;q=0.8'])
      expect(await asked(tag), tag).toEqual(chinese);
    for (const tag of ['ms', 'ms-MY', 'fr;q=1, ms;q=0.5', 'en;q=0.1, ms-MY']) expect(await asked(tag), tag).toEqual(malay);
    // Traditional Chinese, a language the product does not speak, a refused one and a wildcard: English.
    for (const tag of ['zh-TW', 'zh-Hant', 'fr', 'ms;q=0, fr', '*', 'en-GB, zh;q=0.5']) expect(await asked(tag), tag).toEqual(english);
  });

  it('fills the placeholders in every language and answers success messages in it too', async () => {
    expect((await create('LANG01', { ...ldc, 'accept-language': 'ms-MY' })).json().message).toBe('LANG01 dicipta.');
    const refusals = await Promise.all(
      ['en', 'zh-CN', 'ms'].map(async (tag) => (await create('LANG01', { ...ldc, 'accept-language': tag })).json()),
    );
    expect(refusals).toEqual([
      { code: 'LITE_NUMBER_TAKEN', message: 'LANG01 already exists in warehouse W3010: enter another number.' },
      { code: 'LITE_NUMBER_TAKEN', message: 'LANG01 在仓库 W3010 中已存在：请输入其他编号。' },
      { code: 'LITE_NUMBER_TAKEN', message: 'LANG01 sudah wujud di gudang W3010: masukkan nombor lain.' },
    ]);
    // A request the schema refuses, and a field check of the domain's, in Chinese.
    const bad = await create('', { ...ldc, 'accept-language': 'zh' });
    expect(bad.json()).toEqual({ code: 'FIELD_EMPTY', message: '此项不能为空' });
    const malformed = await setLanguage({ ...ldc, 'accept-language': 'zh' }, { language: 42 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    expect(malformed.json().message).toMatch(/^请求无效：/);
  });

  it("answers a password refusal's specifics in the language asked", async () => {
    const weak = (tag: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: { ...admin, 'accept-language': tag },
        payload: { email: `weak.${tag}@demo.local`, firstName: 'Wee', lastName: 'K', password: 'short', roleIds: [] },
      });
    const english = (await weak('en')).json();
    expect(english).toEqual({
      code: 'PASSWORD_CRITERIA',
      message:
        'Password did not meet criteria. It needs at least 8 characters (it has 5), an upper case letter, a digit and a special character from !@#$%^&*.',
    });
    expect((await weak('ms')).json()).toEqual({
      code: 'PASSWORD_CRITERIA',
      message:
        'Kata laluan tidak memenuhi kriteria. Ia memerlukan sekurang-kurangnya 8 aksara (ada 5), huruf besar, digit dan aksara khas daripada !@#$%^&*.',
    });
  });

  it("keeps a user's own language, which then decides over Accept-Language, and audits each change", async () => {
    expect((await language(ldc)).json()).toEqual({ language: null });
    expect((await me(ldc)).json().user).not.toHaveProperty('language');

    const set = await setLanguage(ldc, { language: 'zh-Hans' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ language: 'zh-Hans' });
    expect((await language(ldc)).json()).toEqual({ language: 'zh-Hans' });
    expect((await me(ldc)).json().user.language).toBe('zh-Hans');
    // Saved Chinese answers in Chinese whatever the browser asks; the code is the same.
    expect((await create('LANG01', { ...ldc, 'accept-language': 'ms, en' })).json()).toEqual({
      code: 'LITE_NUMBER_TAKEN',
      message: 'LANG01 在仓库 W3010 中已存在：请输入其他编号。',
    });
    // Setting the same language again changes nothing and writes no second row.
    expect((await setLanguage(ldc, { language: 'zh-Hans' })).statusCode).toBe(200);
    // Cleared: the request's language decides again.
    expect((await setLanguage(ldc, { language: null })).json()).toEqual({ language: null });
    expect((await create('LANG01', { ...ldc, 'accept-language': 'ms' })).json().message).toBe(
      'LANG01 sudah wujud di gudang W3010: masukkan nombor lain.',
    );
    expect((await me(ldc)).json().user).not.toHaveProperty('language');

    const userId = (await me(ldc)).json().user.id;
    const rows = await languageAudits();
    expect(rows.map((r) => [r.actor_id, r.entity_id, r.action, JSON.parse(r.before_json!), JSON.parse(r.after_json!)])).toEqual([
      [userId, userId, 'update', { language: null }, { language: 'zh-Hans' }],
      [userId, userId, 'update', { language: 'zh-Hans' }, { language: null }],
    ]);
  });

  it('refuses a language the product does not speak, and changes nothing', async () => {
    await setLanguage(admin, { language: 'ms' });
    const before = await rowCount(t, 'audit_log');
    for (const language of ['fr', 'zh', 'zh-CN', 'EN', '', 'ms-MY']) {
      const res = await setLanguage({ ...admin, 'accept-language': 'en' }, { language });
      expect(res.statusCode, language).toBe(400);
      // The refusal is in the user's saved language; its code is the API's.
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(res.json().message).toMatch(/^Permintaan tidak sah: /);
    }
    expect((await language(admin)).json()).toEqual({ language: 'ms' });
    expect(await rowCount(t, 'audit_log')).toBe(before);
  });

  it("sets only the caller's own language, and only for a signed-in caller", async () => {
    const anonymous = await setLanguage({ 'accept-language': 'ms' }, { language: 'ms' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'Anda belum log masuk. Sila log masuk semula.' });
    // Another user's choice is theirs: the admin's Malay leaves the local operator's unset.
    await setLanguage(admin, { language: 'ms' });
    expect((await language(ldc)).json()).toEqual({ language: null });
    expect((await language(admin)).json()).toEqual({ language: 'ms' });
  });
});
