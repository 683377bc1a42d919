import { useMutation, useQuery } from '@tanstack/react-query';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import type { PrintLabelRequest } from '@pharma/domain/contract/labels';
import { api, ApiError, SHOWN_LANGUAGE } from '../../../lib/api-client.ts';
import { apiUrl } from '../../../lib/api/paths.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { PrintedResponse, PrintersResponse } from '../../../lib/api/contract/labels.ts';

/** GET /api/labelPrinters: the network label printers of the area's warehouses. */
export function useLabelPrinters(area: Area) {
  return useQuery({
    queryKey: ['labelPrinters', area],
    queryFn: () =>
      api.get('/api/labelPrinters', {
        query: areaQuery(area),
        parse: (body) => PrintersResponse.parse(body),
      }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });
}

export type PrintResult = { kind: 'sent'; printer: string; copy: boolean } | { kind: 'downloaded'; file: string };

/**
 * POST /api/printLabel. To a printer: the server sends the ZPL (202). Otherwise the answer is the file
 * (ZPL or PDF), handed to the browser as a download.
 */
async function printLabel(area: Area, body: PrintLabelRequest): Promise<PrintResult> {
  if (body.printer) {
    const sent = await api.post('/api/printLabel', {
      query: areaQuery(area),
      body,
      parse: (raw) => PrintedResponse.parse(raw),
    });
    return { kind: 'sent', printer: sent.printer, copy: sent.copy };
  }
  const response = await fetch(apiUrl('/api/printLabel', { query: areaQuery(area) }), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'accept-language': SHOWN_LANGUAGE() },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new ApiError(0, 'NETWORK_ERROR', message('SOMETHING_WENT_WRONG'));
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, error.code ?? 'HTTP_ERROR', error.message ?? message('SOMETHING_WENT_WRONG'), error);
  }
  const file = `${body.sscc}.${body.format === 'PDF' ? 'pdf' : 'zpl'}`;
  saveFile(await response.blob(), file);
  return { kind: 'downloaded', file };
}

export function usePrintLabel(area: Area) {
  return useMutation({ mutationFn: (body: PrintLabelRequest) => printLabel(area, body) });
}
