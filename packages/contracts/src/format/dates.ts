/**
 * The one way a date is written for people, on screens, in pickers and in PDFs: day/month/year
 * (dd/mm/yyyy, hh:mm for a time), as both of the app's languages (English, Afrikaans) write it.
 * ISO strings stay the wire format; these only render.
 */
export const DATE_FORMAT = 'DD/MM/YYYY';

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(d: Date | string): Date | null {
  const date = typeof d === 'string' ? new Date(d) : d;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/mm/yyyy; a 'YYYY-MM-DD' day is taken as written (no time zone shift); empty for no or a bad date. */
export function formatDay(d: Date | string | null | undefined, timeZone?: 'UTC'): string {
  if (!d) return '';
  if (typeof d === 'string') {
    const m = DAY_ONLY.exec(d);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const date = toDate(d);
  if (!date) return '';
  return timeZone === 'UTC'
    ? `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
    : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** dd/mm/yyyy hh:mm; empty for no or a bad date. */
export function formatDayTime(d: Date | string | null | undefined, timeZone?: 'UTC'): string {
  if (!d) return '';
  const date = toDate(d);
  if (!date) return '';
  const time = timeZone === 'UTC' ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${formatDay(date, timeZone)} ${time}`;
}

/**
 * A typed day in the app's order: d/m/yyyy, d-m-yyyy, d.m.yyyy (one or two digits for day and month), or
 * yyyy-mm-dd; answers 'YYYY-MM-DD', or null when it is not a real calendar day.
 */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = DAY_ONLY.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (iso) [y, m, d] = [+iso[1], +iso[2], +iso[3]];
  else if (dmy) [d, m, y] = [+dmy[1], +dmy[2], +dmy[3]];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 9999) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}
