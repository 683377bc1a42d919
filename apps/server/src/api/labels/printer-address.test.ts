import { describe, expect, it } from 'vitest';
import { checkPrinter, neverAPrinter, resolvePrinter, type GuardDeps, type PrinterPolicy } from './printer-address.ts';

/** The printer guard (decision 0055): ports on the list, no loopback, link-local, unspecified or own address. */
const policy: PrinterPolicy = { ports: [9100], allowLoopback: false };
const own = ['127.0.0.1', '::1', '10.1.2.3', 'fe80::fc:ff:fe00:1'];
const printer = (host: string, port = 9100) => ({ name: 'Dock 1', host, port });
/** A resolver that answers `addresses` for every name and counts its calls. */
function resolver(...addresses: string[]): GuardDeps & { calls: number } {
  const deps = {
    calls: 0,
    lookup: async () => {
      deps.calls += 1;
      return addresses.map((address) => ({ address }));
    },
    ownAddresses: () => own,
  };
  return deps;
}

describe('neverAPrinter', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    'fe80::1',
    'febf::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '10.1.2.3',
    '::ffff:10.1.2.3',
  ])('%s may not be a printer', (address) => {
    expect(neverAPrinter(address, own)).toBe(true);
  });

  it.each(['10.1.2.4', '192.168.1.50', '172.16.0.9', '8.8.8.8', 'fd00::50', '2001:db8::1', '::ffff:192.168.1.50', 'fec0::1'])(
    '%s may be a printer',
    (address) => {
      expect(neverAPrinter(address, own)).toBe(false);
    },
  );
});

describe('checkPrinter (configure time)', () => {
  it('a port not on the list is refused, naming the printer and the allowed ports', () => {
    expect(checkPrinter(printer('10.1.2.4', 6379), policy, () => own)).toEqual({
      ok: false,
      code: 'PRINTER_PORT_NOT_ALLOWED',
      params: { printer: 'Dock 1', host: '10.1.2.4', port: 6379, ports: '9100' },
    });
    expect(checkPrinter(printer('10.1.2.4', 6379), { ports: [9100, 6379], allowLoopback: false }, () => own)).toBeUndefined();
    // The loopback switch does not open other ports.
    expect(checkPrinter(printer('127.0.0.1', 6379), { ports: [9100], allowLoopback: true }, () => own)?.code).toBe(
      'PRINTER_PORT_NOT_ALLOWED',
    );
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '169.254.169.254',
    'fe80::1',
    '0.0.0.0',
    '::',
    '10.1.2.3',
    'localhost',
    'LOCALHOST.',
    'a.localhost',
  ])('the address %s is refused at once, and allowed with PRINTER_ALLOW_LOOPBACK', (host) => {
    expect(checkPrinter(printer(host), policy, () => own)).toMatchObject({
      code: 'PRINTER_ADDRESS_NOT_ALLOWED',
      params: { printer: 'Dock 1' },
    });
    expect(checkPrinter(printer(host), { ports: [9100], allowLoopback: true }, () => own)).toBeUndefined();
  });

  it.each(['10.1.2.4', '192.168.1.50', 'fd00::50', 'zebra-dock1', 'zebra-dock1.warehouse.example', 'ZEBRA1.example.'])(
    '%s is accepted (a name is checked when a label is sent)',
    (host) => {
      expect(checkPrinter(printer(host), policy, () => own)).toBeUndefined();
    },
  );

  it.each([
    'zebra\r\nFLUSHALL',
    'zebra 1',
    '[::1]',
    'http://zebra',
    'zebra:9100',
    '-zebra',
    'zebra-.example',
    'a..b',
    '127.1',
    '0x7f.1',
    '2130706433',
    '0x7f000001',
    'x'.repeat(64) + '.example',
  ])('%j is not a host name or an IP address', (host) => {
    expect(checkPrinter(printer(host), policy, () => own)).toEqual({
      ok: false,
      code: 'PRINTER_HOST_INVALID',
      params: { printer: 'Dock 1', host },
    });
  });
});

describe('resolvePrinter (print time)', () => {
  it('answers the address the name resolved to, looked up once: the caller connects to it, not to the name', async () => {
    const deps = resolver('10.1.2.4');
    expect(await resolvePrinter(printer('zebra-dock1'), policy, deps)).toEqual({ ok: true, address: '10.1.2.4', port: 9100 });
    expect(deps.calls).toBe(1);
  });

  it('refuses a name when any address it resolves to may not be a printer', async () => {
    for (const bad of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '10.1.2.3']) {
      const res = await resolvePrinter(printer('zebra-dock1'), policy, resolver('10.1.2.4', bad));
      expect(res).toEqual({
        ok: false,
        code: 'PRINTER_ADDRESS_NOT_ALLOWED',
        params: { printer: 'Dock 1', host: 'zebra-dock1', port: 9100, address: bad },
      });
    }
  });

  it('with PRINTER_ALLOW_LOOPBACK, loopback is allowed; the port list still holds', async () => {
    const open = { ports: [9100], allowLoopback: true };
    expect(await resolvePrinter(printer('zebra-dock1'), open, resolver('127.0.0.1'))).toEqual({
      ok: true,
      address: '127.0.0.1',
      port: 9100,
    });
    const deps = resolver('10.1.2.4');
    expect((await resolvePrinter(printer('zebra-dock1', 6379), open, deps)).ok).toBe(false);
    expect(deps.calls).toBe(0);
  });

  it("'localhost' and IP literals through the system resolver", async () => {
    expect(await resolvePrinter(printer('localhost'), policy)).toMatchObject({ ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED' });
    expect(await resolvePrinter(printer('127.0.0.1'), policy)).toMatchObject({ ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED' });
    expect(await resolvePrinter(printer('::ffff:127.0.0.1'), policy)).toMatchObject({ ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED' });
    // A dotted form a resolver reads as 127.0.0.1 (inet_aton), if one was stored before the syntax check existed.
    expect(await resolvePrinter(printer('127.1'), policy)).toMatchObject({ ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED' });
    expect(await resolvePrinter(printer('192.168.1.50'), policy)).toEqual({ ok: true, address: '192.168.1.50', port: 9100 });
  });

  it('a name that does not resolve is reported, not thrown', async () => {
    const deps: GuardDeps = {
      lookup: async () => {
        throw new Error('getaddrinfo ENOTFOUND zebra-gone');
      },
      ownAddresses: () => own,
    };
    expect(await resolvePrinter(printer('zebra-gone'), policy, deps)).toEqual({
      ok: false,
      code: 'PRINTER_NOT_RESOLVED',
      params: { printer: 'Dock 1', host: 'zebra-gone', detail: 'getaddrinfo ENOTFOUND zebra-gone' },
    });
    expect(await resolvePrinter(printer('zebra-gone'), policy, resolver())).toMatchObject({ ok: false, code: 'PRINTER_NOT_RESOLVED' });
  });
});
