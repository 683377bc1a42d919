/** The device's local day as 'YYYY-MM-DD': the `today` the domain's scan decoder needs. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A timestamp as the device shows it: local date and time to the minute, 'YYYY-MM-DD HH:mm' (24 hours) in
 * every language (decision 0092): unambiguous on an expiry or a batch's history whoever reads it.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${localDay(date)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
