/** Calendar arithmetic on `YYYY-MM-DD` dates (the scenario's "today"), in UTC. */

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function parseIsoDate(text: string): CalendarDate {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`expected a YYYY-MM-DD date, got ${JSON.stringify(text)}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

export function formatIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

/** `d + timedelta(days=n)`. */
export function addDays(d: CalendarDate, n: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The first day of the month `n` months after `d`'s month. */
export function firstOfMonthAfter(d: CalendarDate, n: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** The last day of `today`'s month. */
export function lastDayOfMonth(today: string): string {
  return formatIsoDate(addDays(firstOfMonthAfter(parseIsoDate(today), 1), -1));
}
