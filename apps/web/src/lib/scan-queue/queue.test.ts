import { describe, expect, it } from 'vitest';
import type { ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';
import { ApiError } from '../api-client.ts';
import { MemoryStore } from './memory-store.ts';
import { backoffMs, ScanQueue } from './queue.ts';
import { classifyError } from './send-scan.ts';
import type { QueueEvent, SendResult } from './types.ts';

const request = (code: string): ScanRequest => ({ docType: 'IBD', docNo: 'IBD1', code, unit: 'EA', idType: 'GS1', scanId: `id-${code}` });
const answer = (req: ScanRequest): ScanResponse => ({
  scanId: req.scanId,
  accepted: true,
  packs: 1,
  unit: { type: 'EA', id: req.code },
  document: { status: 'In Progress' },
  warnings: [],
  data: [],
});

/** A server that answers from a script, a clock, a timer list and a network switch, all in memory. */
function harness(store = new MemoryStore()) {
  let online = true;
  let clock = 1_000_000;
  const sent: string[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  let reply: (req: ScanRequest) => SendResult | Promise<SendResult> = (req) => ({ kind: 'answered', answer: answer(req) });
  const queue = new ScanQueue({
    store,
    send: async (req, _area) => {
      if (!online) return { kind: 'retry' };
      sent.push(req.code);
      return reply(req);
    },
    isOnline: () => online,
    now: () => (clock += 1),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const events: QueueEvent[] = [];
  queue.onEvent((e) => events.push(e));
  const scan = (code: string) => queue.enqueue(`id-${code}`, request(code));
  const fireTimers = async () => {
    const due = timers.splice(0).filter((t) => !t.cancelled);
    due.forEach((t) => t.run());
    await queue.flush();
  };
  return {
    queue,
    store,
    sent,
    events,
    timers,
    scan,
    fireTimers,
    setOnline: (value: boolean) => (online = value),
    setReply: (fn: typeof reply) => (reply = fn),
  };
}

describe('scan queue', () => {
  it('keeps a scan in the store until the server answers it, then forgets it', async () => {
    const h = harness();
    let release: (r: SendResult) => void = () => {};
    h.setReply(() => new Promise((resolve) => (release = resolve)));
    await h.scan('A');
    expect([...h.store.rows.keys()]).toEqual(['id-A']);
    expect(h.queue.getSnapshot().pending).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toEqual(['A']);
    release({ kind: 'answered', answer: answer(request('A')) });
    await h.queue.flush();
    expect(h.store.rows.size).toBe(0);
    expect(h.queue.getSnapshot().pending).toHaveLength(0);
    expect(h.events.map((e) => e.type)).toEqual(['answered']);
  });

  it('queues while offline and sends everything in order, exactly once, when the network is back', async () => {
    const h = harness();
    h.setOnline(false);
    for (let i = 0; i < 50; i++) await h.scan(`S${String(i).padStart(2, '0')}`);
    await h.queue.flush();
    expect(h.sent).toEqual([]);
    expect(h.queue.getSnapshot()).toMatchObject({ block: 'offline' });
    expect(h.queue.getSnapshot().pending).toHaveLength(50);
    expect(h.queue.getSnapshot().pending.every((s) => s.deferred)).toBe(true);
    h.setOnline(true);
    await h.queue.resume();
    expect(h.sent).toEqual(Array.from({ length: 50 }, (_, i) => `S${String(i).padStart(2, '0')}`));
    expect(h.store.rows.size).toBe(0);
    expect(h.queue.getSnapshot()).toMatchObject({ block: 'none', pending: [], refused: [] });
  });

  it("hands a late answer's warnings to the page: a scan that waited offline still shows its advice", async () => {
    const h = harness();
    const advice = 'Batch B1 of material M1 expires earlier (2027-01-31): first expiry, first out.';
    h.setReply((req) => ({ kind: 'answered', answer: { ...answer(req), warnings: req.code === 'B' ? [advice] : [] } }));
    h.setOnline(false);
    await h.scan('A');
    await h.scan('B');
    h.setOnline(true);
    await h.queue.resume();
    const answered = h.events.flatMap((e) => (e.type === 'answered' ? [[e.scan.request.code, e.scan.deferred, e.answer.warnings]] : []));
    expect(answered).toEqual([
      ['A', true, []],
      ['B', true, [advice]],
    ]);
  });

  it('survives a reload: a new queue over the same store sends what the old one kept', async () => {
    const store = new MemoryStore();
    const first = harness(store);
    first.setOnline(false);
    await first.scan('A');
    await first.scan('B');
    const second = harness(store);
    await second.queue.loaded;
    expect(second.queue.getSnapshot().pending.map((s) => s.request.code)).toEqual(['A', 'B']);
    await second.queue.resume();
    expect(second.sent).toEqual(['A', 'B']);
    expect(store.rows.size).toBe(0);
  });

  it('retries with backoff after a failure, never overtaking the first scan', async () => {
    const h = harness();
    let fail = 2;
    h.setReply((req) => (req.code === 'A' && fail-- > 0 ? { kind: 'retry' } : { kind: 'answered', answer: answer(req) }));
    await h.scan('A');
    await h.scan('B');
    await h.queue.flush();
    expect(h.queue.getSnapshot().block).toBe('retrying');
    expect(h.sent).toEqual(['A']);
    expect(h.timers.at(-1)?.ms).toBe(1000);
    await h.fireTimers();
    expect(h.timers.at(-1)?.ms).toBe(2000);
    await h.fireTimers();
    expect(h.sent).toEqual(['A', 'A', 'A', 'B']);
    expect(h.queue.getSnapshot().block).toBe('none');
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(10)).toBe(30_000);
  });

  it('shows a live refusal at once but lists a refusal that comes back after waiting', async () => {
    const h = harness();
    h.setReply((req) =>
      req.code.startsWith('BAD')
        ? { kind: 'refused', code: 'NOT_EXPECTED', message: 'Not on this IBD.' }
        : { kind: 'answered', answer: answer(req) },
    );
    await h.scan('BAD1');
    await h.queue.flush();
    expect(h.events.at(-1)).toMatchObject({ type: 'refused', listed: false });
    expect(h.queue.getSnapshot().refused).toHaveLength(0);

    h.setOnline(false);
    await h.scan('OK1');
    await h.scan('BAD2');
    await h.scan('OK2');
    h.setOnline(true);
    await h.queue.resume();
    expect(h.sent).toEqual(['BAD1', 'OK1', 'BAD2', 'OK2']);
    const { refused, pending } = h.queue.getSnapshot();
    expect(pending).toHaveLength(0);
    expect(refused.map((s) => [s.request.code, s.refusal?.message])).toEqual([['BAD2', 'Not on this IBD.']]);
    expect(h.store.rows.has('id-BAD2')).toBe(true);
    await h.queue.acknowledge('id-BAD2');
    expect(h.queue.getSnapshot().refused).toHaveLength(0);
    expect(h.store.rows.size).toBe(0);
  });

  it('keeps the queue when the session is gone and sends after the next login', async () => {
    const h = harness();
    let signedIn = false;
    h.setReply((req) => (signedIn ? { kind: 'answered', answer: answer(req) } : { kind: 'signed-out' }));
    await h.scan('A');
    await h.scan('B');
    await h.queue.flush();
    expect(h.queue.getSnapshot().block).toBe('signed-out');
    expect(h.queue.getSnapshot().pending).toHaveLength(2);
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(0);
    signedIn = true;
    await h.queue.resume();
    expect(h.sent).toEqual(['A', 'A', 'B']);
    expect(h.queue.getSnapshot().pending).toHaveLength(0);
  });

  it('a scan read while another is in flight goes after it', async () => {
    const h = harness();
    const releases: (() => void)[] = [];
    h.setReply((req) => new Promise((resolve) => releases.push(() => resolve({ kind: 'answered', answer: answer(req) }))));
    await h.scan('A');
    await h.scan('B');
    await h.scan('C');
    expect(h.sent).toEqual(['A']);
    while (releases.length) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await h.queue.flush();
    expect(h.sent).toEqual(['A', 'B', 'C']);
    expect(h.events.map((e) => e.type === 'answered' && e.scan.request.code)).toEqual(['A', 'B', 'C']);
  });
});

describe('scan queue on a shared device: every scan sent only under the user who read it', () => {
  const ann = { id: 'u-ann', name: 'Ann Early' };
  const ben = { id: 'u-ben', name: 'Ben Late' };
  /** A server that records each scan under the session's user, refusing a claim of another (as the API does: 409). */
  function sharedDevice(store = new MemoryStore()) {
    const h = harness(store);
    let session: string | undefined;
    const recorded: [string, string | undefined][] = [];
    h.setReply((req) => {
      if (!session) return { kind: 'signed-out' };
      if (req.userId && req.userId !== session) return classifyError(new ApiError(409, 'SCAN_OF_ANOTHER_USER', 'x'));
      recorded.push([req.code, session]);
      return { kind: 'answered', answer: answer(req) };
    });
    /** Signs in on the device: the cookie changes, and the page shell tells the queue. */
    const signIn = (user: typeof ann | undefined) => {
      session = user?.id;
      return h.queue.setUser(user);
    };
    return { ...h, recorded, signIn, setSession: (id: string | undefined) => (session = id) };
  }

  it('a scan names its maker, in the queue and in the request the server checks', async () => {
    const h = sharedDevice();
    await h.signIn(ann);
    h.setOnline(false);
    const kept = await h.scan('A1');
    expect(kept.owner).toEqual(ann);
    expect(kept.request.userId).toBe('u-ann');
    expect(h.store.rows.get('id-A1')).toMatchObject({ owner: ann, request: { userId: 'u-ann' } });
  });

  it("the next user never sends the first user's queue: it waits, shown by name, and goes out under its maker", async () => {
    const h = sharedDevice();
    await h.signIn(ann);
    h.setOnline(false);
    await h.scan('A1');
    await h.scan('A2');
    await h.signIn(undefined);
    expect(h.queue.getSnapshot()).toMatchObject({ pending: [], others: [{ owner: ann, count: 2 }] });

    h.setOnline(true);
    await h.signIn(ben);
    await h.scan('B1');
    await h.queue.flush();
    expect(h.recorded).toEqual([['B1', 'u-ben']]);
    expect(h.sent).toEqual(['B1']);
    expect(h.queue.getSnapshot()).toMatchObject({ pending: [], refused: [], others: [{ owner: ann, count: 2 }] });
    expect([...h.store.rows.keys()]).toEqual(['id-A1', 'id-A2']);

    await h.signIn(ann);
    expect(h.recorded).toEqual([
      ['B1', 'u-ben'],
      ['A1', 'u-ann'],
      ['A2', 'u-ann'],
    ]);
    expect(h.store.rows.size).toBe(0);
    expect(h.queue.getSnapshot()).toMatchObject({ pending: [], others: [] });
  });

  it('two users queue offline in turn: each scan recorded under its maker, in order, none lost, across a reload', async () => {
    const store = new MemoryStore();
    const first = sharedDevice(store);
    first.setOnline(false);
    await first.signIn(ann);
    await first.scan('A1');
    await first.scan('A2');
    await first.signIn(ben);
    await first.scan('B1');
    await first.signIn(ann);
    await first.scan('A3');
    expect(first.queue.getSnapshot()).toMatchObject({ others: [{ owner: ben, count: 1 }] });
    expect(first.queue.getSnapshot().pending.map((s) => s.request.code)).toEqual(['A1', 'A2', 'A3']);

    // Reload with Ben signed in: the stored queue still knows whose each scan is.
    const second = sharedDevice(store);
    await second.queue.loaded;
    await second.signIn(ben);
    expect(second.queue.getSnapshot()).toMatchObject({ others: [{ owner: ann, count: 3 }] });
    await second.queue.resume();
    expect(second.recorded).toEqual([['B1', 'u-ben']]);
    await second.signIn(ann);
    expect(second.recorded).toEqual([
      ['B1', 'u-ben'],
      ['A1', 'u-ann'],
      ['A2', 'u-ann'],
      ['A3', 'u-ann'],
    ]);
    expect(store.rows.size).toBe(0);
  });

  it("a scan the server says is another user's (the cookie changed under the tab) is kept and waits for its maker", async () => {
    const h = sharedDevice();
    await h.signIn(ann);
    h.setSession('u-ben'); // Ben signed in in another tab: the browser's cookie is his now.
    await h.scan('A1');
    await h.queue.flush();
    expect(h.recorded).toEqual([]);
    expect(h.queue.getSnapshot()).toMatchObject({ block: 'signed-out', refused: [] });
    expect(h.queue.getSnapshot().pending.map((s) => [s.request.code, s.deferred])).toEqual([['A1', true]]);
    expect(h.store.rows.has('id-A1')).toBe(true);
    await h.signIn(ann);
    expect(h.recorded).toEqual([['A1', 'u-ann']]);
  });

  it("a refusal of one user's scan is listed to that user only; scans stored before makers were named go under whoever signs in", async () => {
    const store = new MemoryStore([
      { scanId: 'id-OLD', seq: 1, readAt: '2026-11-01T00:00:00.000Z', request: request('OLD'), area: 'RDC', deferred: true },
    ]);
    const h = sharedDevice(store);
    await h.queue.loaded;
    h.setReply((req) =>
      req.code === 'BAD'
        ? { kind: 'refused', code: 'NOT_EXPECTED', message: 'Not on this IBD.' }
        : { kind: 'answered', answer: answer(req) },
    );
    h.setOnline(false);
    await h.queue.setUser(ann);
    await h.scan('BAD');
    h.setOnline(true);
    await h.queue.resume();
    expect(h.sent).toEqual(['OLD', 'BAD']);
    expect(h.queue.getSnapshot().refused.map((s) => s.request.code)).toEqual(['BAD']);
    await h.queue.setUser(ben);
    expect(h.queue.getSnapshot()).toMatchObject({ refused: [], pending: [], others: [] });
    await h.queue.setUser(ann);
    expect(h.queue.getSnapshot().refused.map((s) => s.request.code)).toEqual(['BAD']);
  });
});

describe('scan queue: nothing sent or announced as kept before the store has it', () => {
  /** A store whose writes wait until released, to look inside the window between read and written. */
  function slowStore() {
    const store = new MemoryStore();
    const pending: (() => void)[] = [];
    const put = store.put.bind(store);
    store.put = (scan) => new Promise<void>((resolve) => pending.push(() => void put(scan).then(resolve)));
    const releaseAll = async () => {
      while (pending.length) pending.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { store, releaseAll };
  }

  it('a running flush stops before a scan still being written, and sends it once written', async () => {
    const { store, releaseAll } = slowStore();
    const h = harness(store);
    const releases: (() => void)[] = [];
    h.setReply((req) => new Promise((resolve) => releases.push(() => resolve({ kind: 'answered', answer: answer(req) }))));
    const a = h.scan('A');
    await releaseAll();
    await a;
    expect(h.sent).toEqual(['A']);
    const b = h.scan('B'); // read while A is in flight; its write has not completed
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toEqual(['A']);
    expect(store.rows.has('id-B')).toBe(false);
    await releaseAll();
    await b;
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toEqual(['A', 'B']);
  });

  it('announces "kept" (deferred) only after the write, and still sends a scan whose write failed', async () => {
    const { store, releaseAll } = slowStore();
    const h = harness(store);
    h.setOnline(false);
    const a = h.scan('A');
    await new Promise((r) => setTimeout(r, 0));
    expect(h.events).toEqual([]);
    await releaseAll();
    await a;
    expect(h.events.map((e) => e.type)).toEqual(['deferred']);

    const broken = harness(Object.assign(new MemoryStore(), { put: () => Promise.reject(new Error('quota')) }));
    await broken.scan('X');
    await broken.queue.flush();
    expect(broken.events.map((e) => e.type)).toEqual(['answered']);
    expect(broken.sent).toEqual(['X']);
  });
});

describe('classifyError', () => {
  it('retries what may succeed later and refuses what the server decided', () => {
    expect(classifyError(new ApiError(0, 'NETWORK_ERROR', 'x'))).toEqual({ kind: 'retry' });
    expect(classifyError(new ApiError(503, 'HTTP_ERROR', 'x'))).toEqual({ kind: 'retry' });
    expect(classifyError(new ApiError(429, 'RATE', 'x'))).toEqual({ kind: 'retry' });
    expect(classifyError(new TypeError('fetch failed'))).toEqual({ kind: 'retry' });
    expect(classifyError(new ApiError(401, 'REQUEST_ERROR', 'REQUEST ERROR'))).toEqual({ kind: 'signed-out' });
    expect(classifyError(new ApiError(409, 'SCAN_OF_ANOTHER_USER', 'Another user.'))).toEqual({ kind: 'signed-out' });
    expect(classifyError(new ApiError(409, 'ALREADY_SCANNED', 'Already.'))).toEqual({
      kind: 'refused',
      code: 'ALREADY_SCANNED',
      message: 'Already.',
    });
  });
});
