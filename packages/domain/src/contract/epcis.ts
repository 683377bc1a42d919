import { z } from 'zod';
import { documentTypeCode } from './inventory.ts';
import { EPCIS_CONTEXT } from '../gs1/epcis-event.ts';
import { utcMillis } from '../gs1/event-hash.ts';

/** An RFC 3339 date-time with its offset: what EPCIS query times are (EPCIS 2.0 section 8.2.7.1). */
const DateTime = z
  .string()
  .refine((v) => utcMillis(v) !== null, 'must be a date-time with an offset, e.g. 2026-11-20T00:00:00+08:00')
  .meta({ example: '2026-11-20T00:00:00+08:00' });

/** GET /api/integration/epcis/events: every filter optional; `from` inclusive, `to` exclusive (EPCIS GE_eventTime, LT_eventTime). */
export const EpcisEventsQuery = z.object({
  docType: documentTypeCode().optional(),
  docNo: z
    .string()
    .regex(/^[A-Za-z0-9\-/.]{1,40}$/)
    .optional()
    .meta({ example: '1800000104' }),
  from: DateTime.optional().describe('Events at or after this time (EPCIS GE_eventTime)'),
  to: DateTime.optional().describe('Events before this time (EPCIS LT_eventTime)'),
});
export type EpcisEventsQuery = z.infer<typeof EpcisEventsQuery>;

const Place = z.object({ id: z.string() });

/** The ObjectEvent of a completed movement (decision 0017). */
export const MovementEventBody = z.object({
  type: z.literal('ObjectEvent'),
  eventID: z.string(),
  eventTime: z.string(),
  eventTimeZoneOffset: z.string(),
  epcList: z.array(z.string()),
  /** Counted stock by class (EPCIS 2.0 section 7.3.3; LGTIN class URIs): a ScanLite document's packs. */
  quantityList: z.array(z.object({ epcClass: z.string(), quantity: z.number() })).optional(),
  action: z.enum(['OBSERVE', 'ADD', 'DELETE']),
  bizStep: z.string().optional(),
  disposition: z.string().optional(),
  readPoint: Place.optional(),
  bizLocation: Place.optional(),
  bizTransactionList: z.array(z.object({ type: z.string().optional(), bizTransaction: z.string() })).optional(),
  /** A transfer's source and destination locations (EPCIS 2.0 section 7.3.5.4; CBV 2.0 section 7.5 'location'). */
  sourceList: z.array(z.object({ type: z.string(), source: z.string() })).optional(),
  destinationList: z.array(z.object({ type: z.string(), destination: z.string() })).optional(),
});

/**
 * The AggregationEvent of repacking (EPCIS 2.0 section 7.4.3; decision 0048): `childEPCs` put on (ADD,
 * bizStep packing) or taken off (DELETE, unpacking) the pallet or carton `parentID`.
 */
export const AggregationEventBody = z.object({
  type: z.literal('AggregationEvent'),
  eventID: z.string(),
  eventTime: z.string(),
  eventTimeZoneOffset: z.string(),
  parentID: z.string(),
  childEPCs: z.array(z.string()),
  action: z.enum(['ADD', 'DELETE']),
  bizStep: z.string().optional(),
  readPoint: Place.optional(),
  bizLocation: Place.optional(),
  bizTransactionList: z.array(z.object({ type: z.string().optional(), bizTransaction: z.string() })).optional(),
});

const EXAMPLE = {
  '@context': [EPCIS_CONTEXT],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-11-20T10:20:00.000Z',
  epcisBody: {
    eventList: [
      {
        type: 'ObjectEvent',
        eventID: 'ni:///sha-256;8c545b3e675bf079ec82e39f76ae9c38066aff8cd353ed7c2b2fba90e1dcbf83?ver=CBV2.0',
        eventTime: '2026-11-20T10:15:00.000Z',
        eventTimeZoneOffset: '+08:00',
        epcList: ['urn:epc:id:sscc:8881234.0000011234', 'urn:epc:id:sgtin:8881234.010000.K7Q2M9X4P1ZA'],
        action: 'OBSERVE',
        bizStep: 'receiving',
        disposition: 'sellable_not_accessible',
        readPoint: { id: 'urn:epc:id:sgln:8881234.02010.0' },
        bizLocation: { id: 'urn:epc:id:sgln:8881234.02010.0' },
        bizTransactionList: [{ type: 'recadv', bizTransaction: 'urn:epcglobal:cbv:bt:8881234020109:1800000104' }],
      },
    ],
  },
};

/** An EPCIS 2.0 JSON-LD EPCISDocument (EPCIS 2.0 section 12) of movement events; valid against GS1's JSON Schema. */
export const MovementEventsDocument = z
  .object({
    '@context': z.array(z.string()),
    type: z.literal('EPCISDocument'),
    schemaVersion: z.literal('2.0'),
    creationDate: z.string(),
    epcisBody: z.object({ eventList: z.array(z.union([MovementEventBody, AggregationEventBody])) }),
  })
  .meta({ example: EXAMPLE });
export type MovementEventsDocument = z.infer<typeof MovementEventsDocument>;
