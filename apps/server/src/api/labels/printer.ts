import { connect, isIP } from 'node:net';

/** How long a printer may take to accept a label before the print is reported as failed. */
const TIMEOUT_MS = 5000;

/**
 * Sends ZPL to a network label printer over raw TCP (port 9100 on Zebra printers: the data is printed
 * as it arrives). Resolves once the printer has taken every byte and the connection is closed.
 * `address` is an IP address checked by printer-address.ts, never a name: a name would be looked up
 * again here, and could then answer another address than the one checked (decision 0055).
 */
export function sendRaw(address: string, port: number, data: string): Promise<void> {
  if (!isIP(address)) return Promise.reject(new Error(`${address} is not an IP address`));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    socket.once('error', reject);
    socket.once('connect', () => socket.end(data, 'utf8'));
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}
