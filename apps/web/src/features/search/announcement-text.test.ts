import { describe, expect, it } from 'vitest';
import { announcementText } from './announcement-text.ts';

/** Issue 34, decision 0083: a unit announced by EPCIS and not yet received, in words. */
describe('what search says of an announced unit', () => {
  it('names the event, the warehouse it sends the unit to and the IBD expecting it', () => {
    expect(
      announcementText({
        event: { id: 'urn:uuid:6d4b2a0e', type: 'ObjectEvent', bizStep: 'shipping', time: '2026-11-02T09:30:00.000+08:00' },
        warehouseNo: 'W2010',
        expectedOn: [{ type: 'IBD', number: '1910003401' }],
      }),
    ).toEqual({
      title: 'Announced, not yet received',
      lines: [
        'Announced by the EPCIS shipping event of 2026-11-02 09:30 +08:00.',
        'Addressed to warehouse W2010.',
        'Expected on IBD No. 1910003401.',
      ],
      eventId: 'Event urn:uuid:6d4b2a0e',
    });
  });

  it('says when no place and no document expect it, and names an event without a step or an id by its type', () => {
    expect(
      announcementText({
        event: { id: null, type: 'AggregationEvent', bizStep: null, time: '2026-11-01T08:00:00Z' },
        warehouseNo: null,
        expectedOn: [],
      }),
    ).toEqual({
      title: 'Announced, not yet received',
      lines: ['Announced by the EPCIS aggregation event of 2026-11-01 08:00 UTC.', 'No inbound document expects it yet.'],
      eventId: null,
    });
  });

  it('writes a CBV step in words and keeps a time of another form as sent', () => {
    const { lines } = announcementText({
      event: { id: 'sha256:ab', type: 'ObjectEvent', bizStep: 'void_shipping', time: '2026-11-01' },
      warehouseNo: 'W3010',
      expectedOn: [],
    });
    expect(lines[0]).toBe('Announced by the EPCIS void shipping event of 2026-11-01.');
  });
});
