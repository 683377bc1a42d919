/** Today as ISO 'YYYY-MM-DD' (UTC): what the domain's date rules take, since the domain has no clock. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
