import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a network label printer may be (decision 0055): a port on the operator's list (PRINTER_PORTS),
 * and never loopback, link-local, unspecified or one of this server's own addresses unless the operator
 * allows it (PRINTER_ALLOW_LOOPBACK: a print server on this machine, the tests). Checked when a printer
 * is configured (the port, an IP literal, a host name's syntax) and again when a label is sent: the host
 * is resolved once, every address it resolves to is checked, and the caller connects to the checked
 * address itself, so a second lookup cannot answer something else (DNS rebinding).
 */
export interface PrinterPolicy {
  ports: readonly number[];
  allowLoopback: boolean;
}

export interface PrinterAddress {
  name: string;
  host: string;
  port: number;
}

type Params = Record<string, string | number>;
export type PrinterRefusal =
  | { ok: false; code: 'PRINTER_PORT_NOT_ALLOWED' | 'PRINTER_HOST_INVALID' | 'PRINTER_ADDRESS_NOT_ALLOWED'; params: Params }
  | { ok: false; code: 'PRINTER_NOT_RESOLVED'; params: Params };
export type PrinterTarget = { ok: true; address: string; port: number } | PrinterRefusal;

export interface GuardDeps {
  /** Every address a name resolves to, as dns.lookup({ all: true }) answers. */
  lookup: (host: string) => Promise<readonly { address: string }[]>;
  /** This server's own addresses (os.networkInterfaces()). */
  ownAddresses: () => readonly string[];
}

/** How long a name may take to resolve before the print is reported as failed. */
const LOOKUP_TIMEOUT_MS = 5000;

/** Loopback, link-local and unspecified ranges (RFC 6890); an IPv4-mapped IPv6 address is checked as its IPv4 address. */
const NEVER_A_PRINTER = new BlockList();
NEVER_A_PRINTER.addSubnet('127.0.0.0', 8, 'ipv4'); // loopback
NEVER_A_PRINTER.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local (cloud metadata services live here)
NEVER_A_PRINTER.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches this host
NEVER_A_PRINTER.addAddress('::1', 'ipv6'); // loopback
NEVER_A_PRINTER.addAddress('::', 'ipv6'); // unspecified
NEVER_A_PRINTER.addSubnet('fe80::', 10, 'ipv6'); // link-local

/** One DNS label (RFC 1123): letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * At configure time: the port is on the list; an IP literal is checked now; a host name must be one
 * (RFC 1123) and is checked when a label is sent. A name whose last label is a number ('127.1',
 * '0x7f.1', '2130706433') is refused: resolvers read it as an IPv4 address.
 */
export function checkPrinter(
  p: PrinterAddress,
  policy: PrinterPolicy,
  own: () => readonly string[] = ownAddresses,
): PrinterRefusal | undefined {
  if (!policy.ports.includes(p.port)) return portRefusal(p, policy);
  if (isIP(p.host)) return policy.allowLoopback ? undefined : addressRefusal(p, p.host, own());
  const name = p.host.endsWith('.') ? p.host.slice(0, -1) : p.host;
  const labels = name.split('.');
  if (name.length > 253 || !labels.every((l) => LABEL.test(l)) || /^(\d+|0x[0-9a-f]*)$/i.test(labels.at(-1)!)) {
    return { ok: false, code: 'PRINTER_HOST_INVALID', params: { printer: p.name, host: p.host } };
  }
  // 'localhost' and its subdomains are loopback by definition (RFC 6761 6.3): no need to wait for a print.
  if (!policy.allowLoopback && /^localhost$/i.test(labels.at(-1)!)) {
    return { ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED', params: { ...printerParams(p), address: p.host } };
  }
  return undefined;
}

/**
 * At print time: the port again (a printer configured before the list existed), then the host
 * resolved once; refused when any address it resolves to may not be a printer. The answer is the
 * address to connect to, never the name.
 */
export async function resolvePrinter(
  p: PrinterAddress,
  policy: PrinterPolicy,
  deps: GuardDeps = { lookup: lookupAll, ownAddresses },
): Promise<PrinterTarget> {
  if (!policy.ports.includes(p.port)) return portRefusal(p, policy);
  let addresses: readonly { address: string }[];
  try {
    addresses = await deps.lookup(p.host);
  } catch (error) {
    return { ok: false, code: 'PRINTER_NOT_RESOLVED', params: { printer: p.name, host: p.host, detail: (error as Error).message } };
  }
  const first = addresses[0];
  if (!first) return { ok: false, code: 'PRINTER_NOT_RESOLVED', params: { printer: p.name, host: p.host, detail: 'no address' } };
  if (!policy.allowLoopback) {
    const own = deps.ownAddresses();
    for (const { address } of addresses) {
      const refused = addressRefusal(p, address, own);
      if (refused) return refused;
    }
  }
  return { ok: true, address: first.address, port: p.port };
}

/** True when `address` (an IP literal) is loopback, link-local, unspecified or one of `own`. */
export function neverAPrinter(address: string, own: readonly string[]): boolean {
  const ip = address.replace(/%.*$/, ''); // an IPv6 zone ('fe80::1%eth0') names an interface, not an address
  const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER_A_PRINTER.check(ip, type)) return true;
  const self = new BlockList();
  for (const a of own) {
    const o = a.replace(/%.*$/, '');
    if (isIP(o)) self.addAddress(o, isIP(o) === 6 ? 'ipv6' : 'ipv4');
  }
  return self.check(ip, type);
}

function addressRefusal(p: PrinterAddress, address: string, own: readonly string[]): PrinterRefusal | undefined {
  return neverAPrinter(address, own)
    ? { ok: false, code: 'PRINTER_ADDRESS_NOT_ALLOWED', params: { ...printerParams(p), address } }
    : undefined;
}

function portRefusal(p: PrinterAddress, policy: PrinterPolicy): PrinterRefusal {
  return { ok: false, code: 'PRINTER_PORT_NOT_ALLOWED', params: { ...printerParams(p), ports: policy.ports.join(', ') } };
}

function printerParams(p: PrinterAddress): Params {
  return { printer: p.name, host: p.host, port: p.port };
}

function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

async function lookupAll(host: string): Promise<readonly { address: string }[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS / 1000} s`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([dnsLookup(host, { all: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
