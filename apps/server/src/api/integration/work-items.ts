/**
 * An EPCIS document cut into work (decisions 0043, 0082): events, and the events of many EPCs in parts,
 * gathered into chunks bounded by their EPCs, so that one transaction holds a bounded amount of work
 * whatever the document's shape: 100 events of 1,000 packs, or one of a million.
 */

export type Event = Record<string, unknown>;

/** Lets the event loop serve other requests (scans) between two pieces of work. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The lists of EPCs an event is cut by: an ObjectEvent's `epcList`, an AggregationEvent's `childEPCs`. */
const EPC_LISTS = ['epcList', 'childEPCs'] as const;

/**
 * One event, or a part of a large one: its EPC list a chunk at a time, so that one event of 100,000
 * packs does not hold the loop in one transaction. Applying an event's EPCs again is harmless (a pack
 * commissioned with its batch, a child already under its parent, a unit already expected change
 * nothing), so a part applied before a failure is safe; the event is recorded as received, and
 * counted, with its last part.
 */
export interface WorkItem {
  event: Event;
  whole: Event;
  /** The event's index in the document. */
  index: number;
  first: boolean;
  last: boolean;
  /** EPCs the item carries (at least 1): what a chunk is measured in. */
  weight: number;
  /** EPCs the item carries: what a job's progress counts. */
  epcs: number;
  /** A part of a large event: the list cut, and the index in it of the part's first entry. */
  part?: { key: string; from: number };
}

/** A validated work item: its event compacted, and the key its event is received by. */
export type KeyedItem = WorkItem & { id: string };

/** The EPCs of an event, in the lists the intake cuts it by. */
export function epcsOf(event: Event): number {
  if (!event || typeof event !== 'object') return 0;
  return EPC_LISTS.reduce((sum, key) => sum + (Array.isArray(event[key]) ? (event[key] as unknown[]).length : 0), 0);
}

/** The list of an event longer than `size` EPCs, the one it is cut by; none for a shorter event. */
export function longList(event: Event, size: number): (typeof EPC_LISTS)[number] | undefined {
  if (!event || typeof event !== 'object') return undefined;
  return EPC_LISTS.find((k) => Array.isArray(event[k]) && (event[k] as unknown[]).length > size);
}

/** The document's events as work items: an event of more than `size` EPCs in parts of `size`. */
export function workItems(events: readonly Event[], size: number): WorkItem[] {
  const items: WorkItem[] = [];
  events.forEach((event, index) => {
    const key = longList(event, size);
    if (!key) {
      const epcs = epcsOf(event);
      items.push({ event, whole: event, index, first: true, last: true, weight: Math.max(1, epcs), epcs });
      return;
    }
    const list = event[key] as unknown[];
    for (let from = 0; from < list.length; from += size) {
      const part = list.slice(from, from + size);
      items.push({
        event: { ...event, [key]: part },
        whole: event,
        index,
        first: from === 0,
        last: from + size >= list.length,
        weight: part.length,
        epcs: part.length,
        part: { key, from },
      });
    }
  });
  return items;
}

/** The end of the chunk that starts at `from`: items until their EPCs (at least one an item) reach `size`. */
export function chunkEnd(items: readonly WorkItem[], from: number, size: number): number {
  let to = from;
  for (let weight = 0; to < items.length && weight < size; to++) weight += items[to]!.weight;
  return to;
}

/** Events done once a chunk is: up to its last item's event, that one included when the item is its last part. */
export function eventsDone(chunk: readonly WorkItem[]): number {
  const last = chunk[chunk.length - 1]!;
  return last.last ? last.index + 1 : last.index;
}
