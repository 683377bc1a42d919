import type { VerificationSetting } from '@pharma/domain/contract/verification';
import type { Config } from '../config.ts';
import { writeAudit } from '../db/audit.ts';
import type { Db } from '../db/database.ts';
import type { Connection } from '../api/verification/national-system.ts';
import type { VerificationSettings } from '../api/verification/settings.ts';
import { DEMO_USERS, DEMO_WAREHOUSES } from './demo.ts';
import { DEMO_INVENTORY } from './demo-documents.ts';
import type { PackSpec } from './epcis-builder.ts';
import { packsOf } from './stock-builder.ts';

/**
 * The demo's national verification systems (issue 28; README "Pack verification"): with the demo data
 * (SEED_DEMO) the app runs a simulator of the NMVS and one of the VRS in its own process, on loopback,
 * each loaded with every serialised pack of the demo inventory, and points the demo warehouses at them
 * through the settings code of the integration PUT: the regional warehouse W2010 verifies at the NMVS
 * (as an EU wholesaler would), the local W3010 at the VRS (as a US one would). So a newcomer sees a pack
 * verified, a return refused and a scrapping decommissioned with no setup.
 *
 * A warehouse's setting is written only when it has none, or when the one it has is this demo's own
 * (the demo's secret, at a simulator on loopback) and the simulator's address moved: an operator's
 * setting is never overwritten. The simulators' code is loaded here only, when the demo starts, so a
 * start without the demo never loads it.
 */

/** The regional warehouse at the NMVS: the client id, user and password the simulator accepts (and no others). */
export const DEMO_NMVS = { warehouseNo: 'W2010', clientId: 'DEMO-W2010', user: 'DEMO-RDC', password: 'demo-nmvs-W2010' } as const;
/** The local warehouse at the VRS: the bearer token the simulator asks; the requester is the warehouse's GLN. */
export const DEMO_VRS = { warehouseNo: 'W3010', secret: 'demo-vrs-W3010' } as const;

/**
 * One return pack each system refuses, so the demo shows a refused return beside the verified ones
 * (README: the return documents' codes). The packs are the last loose pack of each demo return.
 */
export const DEMO_REFUSED_RETURNS = {
  /** RMA 6000000101, its second Ibuprofen pack: the NMVS does not know the serial (NMVS_NC_PC_02, a level-5 alert). */
  nmvs: DEMO_INVENTORY.stock.returnPacks[1]!,
  /** RMA 6000000201, its second Metformin pack: the VRS knows it as decommissioned (Not_for_re-distribution). */
  vrs: DEMO_INVENTORY.localStock.returnPacks[1]!,
} as const;

/** A simulator's pack as `POST /_sim/packs` takes it (both simulators' shape); expiry as YYMMDD. */
interface SimulatorPack {
  gtin: string;
  serial: string;
  batch: string;
  expiry: string;
}

/** What the demo tells the operator: pino's two levels it uses. */
export interface DemoLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DemoVerification {
  /** Stops the simulators that started (the app's close). */
  close(): Promise<void>;
}

const isSame = (a: PackSpec, b: PackSpec) => a.gtin === b.gtin && a.serial === b.serial;

/**
 * Every serialised pack of the demo inventory, once, as the simulators take them. Both systems get
 * every pack, as a real one knows every pack of its market, so a pack still verifies after a transfer
 * from one warehouse to the other; the two refused returns are the exceptions.
 */
function demoVerificationPacks(): { nmvs: SimulatorPack[]; vrs: (SimulatorPack & { state?: 'DECOMMISSIONED' })[] } {
  const seen = new Set<string>();
  const packs: SimulatorPack[] = [];
  for (const shipment of Object.values(DEMO_INVENTORY.ibds)) {
    for (const pack of packsOf(shipment)) {
      const key = `${pack.gtin}/${pack.serial}`;
      if (seen.has(key)) continue;
      seen.add(key);
      packs.push({ gtin: pack.gtin, serial: pack.serial, batch: pack.batch, expiry: yymmdd(pack.expiry) });
    }
  }
  return {
    nmvs: packs.filter((pack) => !isSame(pack, DEMO_REFUSED_RETURNS.nmvs)),
    vrs: packs.map((pack) => (isSame(pack, DEMO_REFUSED_RETURNS.vrs) ? { ...pack, state: 'DECOMMISSIONED' as const } : pack)),
  };
}

/** ISO 'YYYY-MM-DD' as both wires write an expiry. */
function yymmdd(iso: string): string {
  return iso.slice(2).replaceAll('-', '');
}

/** A listen error that means "not on this port" (taken, not allowed): the demo goes on without that simulator. */
function portRefused(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' ? code : undefined;
}

/**
 * Starts the demo's simulators (config.demoSimulators' ports; 0 takes any free one, null none) and points
 * the demo warehouses at them. A port that is taken is a warning, not a failed start: that simulator is
 * left out and its warehouse keeps what it had.
 */
export async function startDemoVerification(deps: {
  config: Config;
  db: Db;
  settings: VerificationSettings;
  log: DemoLog;
}): Promise<DemoVerification> {
  const { config, db, settings, log } = deps;
  const { startNmvsSimulator, startVrsSimulator } = await import('@pharma/national-systems/simulator');
  const packs = demoVerificationPacks();
  const started: { close(): Promise<void> }[] = [];

  async function start<T extends { url: string; close(): Promise<void> }>(
    system: 'NMVS' | 'VRS',
    port: number | null,
    variable: string,
    run: (port: number) => Promise<T>,
  ): Promise<T | undefined> {
    if (port === null) {
      log.info(
        { system },
        `demo: the ${system} simulator is off (${variable}=off); the demo warehouse using it keeps its verification setting`,
      );
      return undefined;
    }
    try {
      const simulator = await run(port);
      started.push(simulator);
      return simulator;
    } catch (error) {
      const code = portRefused(error);
      if (!code) throw error;
      log.warn(
        { system, port, code },
        `demo: port ${port} is not free (${code}): the ${system} simulator is not started and the demo warehouse using it keeps its ` +
          `verification setting. Free the port, or set ${variable} to another (0: any free port).`,
      );
      return undefined;
    }
  }

  const close = async () => {
    await Promise.all(started.map((simulator) => simulator.close()));
  };
  const { nmvsPort, vrsPort } = config.demoSimulators;
  // Whatever fails after a simulator started closes it: a failed start leaves no port held.
  try {
    const nmvs = await start('NMVS', nmvsPort, 'NMVS_SIMULATOR_PORT', (port) =>
      startNmvsSimulator({
        port,
        clients: [{ clientLoginId: DEMO_NMVS.clientId, userId: DEMO_NMVS.user, password: DEMO_NMVS.password }],
        packs: packs.nmvs,
      }),
    );
    const vrs = await start('VRS', vrsPort, 'VRS_SIMULATOR_PORT', (port) =>
      startVrsSimulator({ port, secret: DEMO_VRS.secret, packs: packs.vrs }),
    );
    if (nmvs) {
      const setting = {
        system: 'NMVS',
        url: nmvs.url,
        clientId: DEMO_NMVS.clientId,
        user: DEMO_NMVS.user,
        secret: DEMO_NMVS.password,
      } as const;
      await pointWarehouse(db, settings, log, DEMO_NMVS.warehouseNo, setting, packs.nmvs.length);
    }
    if (vrs) {
      const setting = { system: 'VRS', url: vrs.url, secret: DEMO_VRS.secret } as const;
      await pointWarehouse(db, settings, log, DEMO_VRS.warehouseNo, setting, packs.vrs.length);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

/** Whether a stored setting is one this demo wrote: the demo's secret, at a simulator on loopback. */
function isDemoOwn(stored: Connection, setting: VerificationSetting): boolean {
  const url = URL.canParse(stored.url) ? new URL(stored.url) : undefined;
  return (
    stored.system === setting.system &&
    url?.hostname === '127.0.0.1' &&
    (stored.clientId ?? undefined) === setting.clientId &&
    (stored.user ?? undefined) === setting.user &&
    stored.secret === setting.secret
  );
}

/**
 * Points a demo warehouse at its simulator in one transaction, audited as the integration PUT audits it
 * (the secret only 'set'), when the warehouse is the demo's (its number and the demo GLN) and has no
 * setting, or only the demo's own at another address.
 */
async function pointWarehouse(
  db: Db,
  settings: VerificationSettings,
  log: DemoLog,
  warehouseNo: string,
  setting: VerificationSetting,
  packs: number,
): Promise<void> {
  const demo = DEMO_WAREHOUSES.find((warehouse) => warehouse.warehouseNo === warehouseNo)!;
  const outcome = await db.transaction().execute(async (trx) => {
    const warehouse = await trx
      .selectFrom('warehouses')
      .select(['warehouse_no', 'gln'])
      .where('warehouse_no', '=', warehouseNo)
      .where('gln', '=', demo.gln)
      .executeTakeFirst();
    const admin = await trx.selectFrom('users').select('id').where('email', '=', DEMO_USERS.admin).executeTakeFirst();
    if (!warehouse || !admin) return 'not-demo';
    const stored = await settings.connection(trx, warehouseNo);
    if (stored && !isDemoOwn(stored, setting)) return 'operator';
    if (stored?.url === setting.url) return 'unchanged';
    const change = await settings.apply(trx, admin.id, { warehouseNo, gln: warehouse.gln }, setting);
    await writeAudit(trx, [
      {
        actorId: admin.id,
        entity: 'warehouse',
        entityId: warehouseNo,
        action: 'label-setup',
        before: { verification: change.before },
        after: { verification: change.after },
        reason: `demo: the ${setting.system} simulator started with the app`,
      },
    ]);
    return 'pointed';
  });
  const details = { system: setting.system, url: setting.url, warehouseNo, packs };
  if (outcome === 'operator') {
    log.info(details, `demo: ${setting.system} simulator at ${setting.url}; ${warehouseNo} keeps the verification setting it was given`);
  } else if (outcome === 'not-demo') {
    log.info(details, `demo: ${setting.system} simulator at ${setting.url}; no demo warehouse ${warehouseNo} to point at it`);
  } else {
    log.info(details, `demo: ${setting.system} simulator at ${setting.url} with ${packs} demo packs; ${warehouseNo} verifies packs there`);
  }
}
