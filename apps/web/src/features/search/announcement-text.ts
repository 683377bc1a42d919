import { familyOf } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import type { Announcement } from '@pharma/domain/contract/inventory';
import { UI } from '../../config/labels.ts';

/** What search says of a unit announced by EPCIS and not yet received (issue 34, decision 0083). */
export interface AnnouncementText {
  title: string;
  /** One sentence a fact: the event, where it sends the unit, the documents expecting it. */
  lines: string[];
  /** The event's identifier, long (a UUID URN, a hash): shown apart, in a small font that wraps. */
  eventId: string | null;
}

/** An xsd:dateTime as a person reads it: day, hour and minute, then its zone. */
const EVENT_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function announcementText(announced: Announcement): AnnouncementText {
  const { event, warehouseNo, expectedOn } = announced;
  // A CBV step in words ('void_shipping': 'void shipping'); without one, the kind of event ('AggregationEvent': 'aggregation').
  const step = (event.bizStep ?? event.type.replace(/Event$/, '').toLowerCase()).replace(/_/g, ' ');
  const expected = expectedOn.map(({ type, number }) =>
    message('UNIT_ANNOUNCED_EXPECTED', { type: familyOf(type)?.labels.number ?? UI.documentNo, number }),
  );
  return {
    title: message('UNIT_ANNOUNCED'),
    lines: [
      message('UNIT_ANNOUNCED_EVENT', { step, time: eventTime(event.time) }),
      ...(warehouseNo ? [message('UNIT_ANNOUNCED_TO', { warehouseNo })] : []),
      ...(expected.length > 0 ? expected : [message('UNIT_ANNOUNCED_NOT_EXPECTED')]),
    ],
    eventId: event.id ? message('UNIT_ANNOUNCED_EVENT_ID', { id: event.id }) : null,
  };
}

/** '2026-11-02 09:30 +08:00', '2026-11-01 08:00 UTC'; a time in another form as the sender wrote it. */
function eventTime(time: string): string {
  const m = EVENT_TIME.exec(time);
  return m ? `${m[1]} ${m[2]} ${m[3] === 'Z' ? 'UTC' : m[3]}` : time;
}
