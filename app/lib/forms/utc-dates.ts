/** A stored moment as a datetime-local input shows it (UTC), '' for none. Read back by `optionalUtcDate` (utc-dates.server.ts). */
export const utcDateInput = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 16) : '');
