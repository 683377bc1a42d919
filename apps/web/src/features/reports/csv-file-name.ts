/**
 * The file name a CSV answer names in its Content-Disposition (`attachment; filename="stock-report.csv"`,
 * or RFC 6266's `filename*=UTF-8''…`, which wins), else `fallback`; anything a file name cannot hold
 * (a path, a quote, a control character) becomes '_'.
 */
export function csvFileName(disposition: string | null, fallback: string): string {
  const name = extendedName(disposition) ?? plainName(disposition);
  const safe = name?.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return safe ? safe : fallback;
}

function extendedName(disposition: string | null): string | undefined {
  const match = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[2]!.trim());
  } catch {
    return undefined;
  }
}

function plainName(disposition: string | null): string | undefined {
  const match = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition ?? '');
  return (match?.[1] ?? match?.[2])?.trim();
}
