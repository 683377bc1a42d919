import { DEFAULT_REGISTRY } from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { EpcisService } from '../api/integration/epcis.service.ts';
import { IntakeService } from '../api/integration/intake.service.ts';
import { CompleteService } from '../api/scans/complete.service.ts';
import { ScanService } from '../api/scans/scans.service.ts';
import type { StockPort } from './stock-builder.ts';

/**
 * The server's services as a `StockPort`, in-process: the ERP and EPCIS intake, and the scan and
 * complete services the handhelds' requests reach, acting as `actorId` on the day `today`.
 */
export function servicePort(db: Db, actorId: string, today: string): StockPort {
  // The demo's stock is of the default registry's families (decision 0085).
  const intake = new IntakeService(db, DEFAULT_REGISTRY);
  const epcis = new EpcisService(db, DEFAULT_REGISTRY.noticeFamily!);
  const scans = new ScanService(db, DEFAULT_REGISTRY);
  const complete = new CompleteService(db, DEFAULT_REGISTRY);
  const actor = { userId: actorId };
  return {
    putDocument: async (type, number, body) => void (await intake.putDocument(actorId, type, number, body)),
    postEpcis: async (document) => void (await epcis.intake(actorId, document, today)),
    scan: (req) => scans.scan(actor, { ...req, idType: 'GS1' }, today),
    complete: async (type, number) => void (await complete.complete(actor, type, number)),
  };
}
