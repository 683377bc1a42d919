import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DocumentType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from './api-client.ts';
import { cachedReaderSettings, cacheReaderSettings, scanDevice, useDeviceSettings, type ScanReaderSettings } from './device-settings.ts';
import { ReaderSettingsForScan } from './api/contract/readers.ts';

/** GET /api/readerSettings: the settings a scan of this document by this reader is decoded with (decision 0051). */
export async function getReaderSettings(docType: DocumentType, docNo: string, area: Area, reader: string): Promise<ReaderSettingsForScan> {
  return api.get('/api/readerSettings', { query: { docType, docNo, area, reader }, parse: (body) => ReaderSettingsForScan.parse(body) });
}

/** Where the device keeps the answer for this document and reader. */
export function readerSettingsKey(docType: DocumentType, docNo: string, area: Area, reader: string): string {
  return `${area}/${docType}/${docNo}/${reader}`;
}

/**
 * The reader settings a scan page checks codes with (decision 0051): the device's kept copy at once,
 * then the server's answer, fetched when the page opens, when the window comes back to the front and
 * every minute, and kept for offline use. Undefined until either exists: the page then checks with
 * the decoder's defaults, and the server, which decodes every scan again, decides.
 */
export function useScanReaderSettings(docType: DocumentType, docNo: string, area: Area): ScanReaderSettings | undefined {
  // The reader as scans name it (`device`): re-read when the device's Settings change.
  useDeviceSettings();
  const reader = scanDevice();
  const key = readerSettingsKey(docType, docNo, area, reader);
  const query = useQuery({
    queryKey: ['readerSettings', key],
    queryFn: async () => {
      const answer = await getReaderSettings(docType, docNo, area, reader);
      const settings = { prefix: answer.prefix, strip00: answer.strip00, bareSscc: answer.bareSscc };
      cacheReaderSettings(key, settings);
      return settings;
    },
    enabled: docNo !== '',
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
  // The kept copy read once per key: the same object on every render, like the query's answer.
  const kept = useMemo(() => cachedReaderSettings(key), [key]);
  return query.data ?? kept;
}
