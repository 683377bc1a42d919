import { utcMillis } from '@pharma/domain';

/**
 * The UTC offset ('+08:00') of an IANA time zone at an instant, as an EPCIS event's
 * `eventTimeZoneOffset` gives it; '+00:00' for a warehouse with none. In a module of its own: the
 * movements' events, repacking's and a batch status's (built for the export, which reads the
 * movements) all need it.
 */
export function offsetAt(timeZone: string | null, at: string): string {
  const instant = utcMillis(at);
  if (timeZone === null || instant === null) return '+00:00';
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT(?:([+-]\d{2}:\d{2}))?$/.exec(name ?? '');
  if (!m) throw new Error(`No UTC offset for time zone ${timeZone}`);
  return m[1] ?? '+00:00';
}
