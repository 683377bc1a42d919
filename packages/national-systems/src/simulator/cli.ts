import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startNmvsSimulator } from './nmvs-server.ts';
import { startVrsSimulator } from './vrs-server.ts';

/**
 * `npm run simulator -- nmvs --port 7081` or `npm run simulator -- vrs --port 7082` (issue 28): one
 * simulator as a process of its own, until Ctrl+C. `--packs file.json` loads packs at start (the
 * shape `POST /_sim/packs` takes); `--host` (127.0.0.1 by default); for VRS `--secret` requires
 * `Authorization: Bearer <secret>`. For NMVS `--tls-cert`, `--tls-key` and `--client-ca` (PEM files, all
 * three) serve HTTPS and require a client certificate issued by the client CA, as the real system does.
 */
const USAGE =
  'usage: npm run simulator -- nmvs|vrs [--port N] [--host H] [--packs file.json] [--secret S] ' +
  '[--tls-cert server.pem --tls-key server.key --client-ca ca.pem]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    packs: { type: 'string' },
    secret: { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'client-ca': { type: 'string' },
  },
});
const [system] = positionals;
const port = values.port === undefined ? (system === 'vrs' ? 7082 : 7081) : Number(values.port);
const tlsFiles = [values['tls-cert'], values['tls-key'], values['client-ca']];
const tlsGiven = tlsFiles.filter((file) => file !== undefined).length;
if (
  (system !== 'nmvs' && system !== 'vrs') ||
  positionals.length !== 1 ||
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535 ||
  (tlsGiven > 0 && (tlsGiven < 3 || system !== 'nmvs'))
) {
  console.error(USAGE);
  process.exit(2);
}
const [cert, key, ca] = tlsGiven === 3 ? tlsFiles.map((file) => readFileSync(file!, 'utf8')) : [];
const simulator =
  system === 'nmvs'
    ? await startNmvsSimulator({ port, host: values.host, ...(cert && key && ca ? { tls: { cert, key, ca } } : {}) })
    : await startVrsSimulator({ port, host: values.host, secret: values.secret });
if (values.packs !== undefined) {
  // The registry checks each pack as POST /_sim/packs does, and names the first bad one.
  try {
    const loaded = simulator.registry.load(JSON.parse(readFileSync(values.packs, 'utf8')) as unknown);
    console.log(`${loaded} packs loaded from ${values.packs}`);
  } catch (error) {
    console.error(`${values.packs}: ${error instanceof Error ? error.message : String(error)}`);
    await simulator.close();
    process.exit(2);
  }
}
console.log(`${system.toUpperCase()} simulator at ${simulator.url} (control API: ${simulator.url}/_sim/packs); Ctrl+C stops it`);
const stop = () => void simulator.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
