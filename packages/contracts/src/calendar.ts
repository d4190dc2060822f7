/**
 * One calendar (ADR 50): every date a customer or staff member reads — web, email, SMS, push,
 * PDF, CSV — is New York's calendar date, or a time with its zone, and is written here. The money
 * engine runs on New York's clock (the 28th and the 2nd at 4pm Eastern), so a plan bought on
 * December 1 in New York ends on June 1 for everyone: a browser in Honolulu must not say May 31.
 *
 * Plain `Intl.DateTimeFormat` with `timeZone: NEW_YORK`: no date library, the same code in the
 * browser and in Node. Every formatter takes a locale (English today; Spanish is to come: a locale
 * is added by giving it its words below, and the compiler then asks for each of them).
 */

/** The zone of Pria's calendar: the server's schedule and SQL, and every screen, use this one constant. */
export const NEW_YORK = 'America/New_York';

/**
 * An instant — a Date, epoch milliseconds or an ISO string with its offset — or a New York
 * calendar day written 'YYYY-MM-DD' (a subscription period's key). A day is read as that day in
 * New York, never as UTC midnight (which is the evening before in New York).
 */
export type Instant = Date | number | string;

/** The spec's formats ("Date formats: MM/DD/YYYY and MMMM DD, YYYY") and the shorter forms beside them. */
interface LocaleWords {
  dates: {
    /** "06/01/2027": MM/DD/YYYY (activity rows, consents). */
    numeric: Intl.DateTimeFormatOptions;
    /** "June 01, 2027": MMMM DD, YYYY ("Valid until", emails, receipts). */
    long: Intl.DateTimeFormatOptions;
    /** "Jun 1, 2027" (staff tables). */
    medium: Intl.DateTimeFormatOptions;
    /** "January 4, 2022": a day as a document writes it, unpadded (the legal pages' "Last updated"). */
    written: Intl.DateTimeFormatOptions;
    /** "06/01/27" (staff's dense tables, over the time). */
    compact: Intl.DateTimeFormatOptions;
    /** "Tuesday, June 1" (a charge or pay-back to come). */
    weekday: Intl.DateTimeFormatOptions;
    /** "June 1". */
    monthDay: Intl.DateTimeFormatOptions;
    /** "Jun 1" (SMS, where every character counts). */
    shortMonthDay: Intl.DateTimeFormatOptions;
  };
  months: {
    /** "June 2027". */
    long: Intl.DateTimeFormatOptions;
    /** "Jun 2027". */
    short: Intl.DateTimeFormatOptions;
    /** "June". */
    name: Intl.DateTimeFormatOptions;
  };
  time: Intl.DateTimeFormatOptions;
  /** A date and its time: "June 01, 2027 at 5:31 PM ET". */
  dateTime: (date: string, time: string) => string;
  /** A time and its zone: "5:31 PM ET" (one name in winter and summer: the zone, not its offset). */
  timeWithZone: (time: string) => string;
}

/** What both locales ask of Intl alike; each says its own long date and its own joining words. */
const dates = {
  numeric: { month: '2-digit', day: '2-digit', year: 'numeric' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  written: { month: 'long', day: 'numeric', year: 'numeric' },
  compact: { month: '2-digit', day: '2-digit', year: '2-digit' },
  weekday: { weekday: 'long', month: 'long', day: 'numeric' },
  monthDay: { month: 'long', day: 'numeric' },
  shortMonthDay: { month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const months = {
  long: { month: 'long', year: 'numeric' },
  short: { month: 'short', year: 'numeric' },
  name: { month: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const time = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

const locales = {
  'en-US': {
    dates: { ...dates, long: { month: 'long', day: '2-digit', year: 'numeric' } },
    months,
    time,
    dateTime: (date, time) => `${date} at ${time}`,
    timeWithZone: (time) => `${time} ET`,
  },
  /**
   * US Spanish (issue 42, docs/glossary-es.md): "1 de junio de 2027 a las 4:00 p.m., hora de Nueva York".
   * No all-number date: es-US writes them day first ("01/06/2027"), which a reader used to US forms
   * takes for January 6; where English writes 06/01/2027, Spanish writes "1 jun 2027" (ADR 75).
   */
  'es-US': {
    dates: {
      ...dates,
      long: { day: 'numeric', month: 'long', year: 'numeric' },
      numeric: { day: 'numeric', month: 'short', year: 'numeric' },
    },
    months,
    time,
    dateTime: (date, time) => `${date} a las ${time}`,
    timeWithZone: (time) => `${time}, hora de Nueva York`,
  },
} satisfies Record<string, LocaleWords>;

/** The locales the calendar writes in. */
export type CalendarLocale = keyof typeof locales;
export type DateStyle = keyof LocaleWords['dates'];
export type MonthStyle = keyof LocaleWords['months'];

/** Formatters are costly to make and cheap to use: one per locale, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** The instant an `Instant` names; a bare 'YYYY-MM-DD' is noon of that New York day (always inside it). */
function toDate(at: Instant): Date {
  if (typeof at === 'string' && DAY.test(at)) return instantInNewYork(`${at} 12:00`);
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a date: ${String(at)}`);
  return d;
}

/** "June 01, 2027" (style 'long', the default), "06/01/2027" ('numeric') and the others above: New York's date. */
export function formatDate(at: Instant, style: DateStyle = 'long', locale: CalendarLocale = 'en-US'): string {
  return formatter(locale, NEW_YORK, locales[locale].dates[style]).format(toDate(at));
}

/** "5:31 PM ET": New York's time, with its zone. */
export function formatTime(at: Instant, locale: CalendarLocale = 'en-US'): string {
  const words = locales[locale];
  return words.timeWithZone(formatter(locale, NEW_YORK, words.time).format(toDate(at)));
}

/** "June 01, 2027 at 5:31 PM ET": New York's date and time, with its zone. */
export function formatDateTime(
  at: Instant,
  style: DateStyle = 'long',
  locale: CalendarLocale = 'en-US',
): string {
  return locales[locale].dateTime(formatDate(at, style, locale), formatTime(at, locale));
}

/**
 * "June 2027" from a billing period 'YYYY-MM' (a New York calendar month). A month is a name,
 * not an instant: it is written from the 15th at noon UTC, which no zone moves out of the month.
 */
export function formatMonth(
  period: string,
  style: MonthStyle = 'long',
  locale: CalendarLocale = 'en-US',
): string {
  const m = MONTH.exec(period);
  if (!m) throw new RangeError(`Not a month 'YYYY-MM': ${period}`);
  const mid = Date.UTC(Number(m[1]), Number(m[2]) - 1, 15, 12);
  return formatter(locale, 'UTC', locales[locale].months[style]).format(mid);
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const numericParts: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The New York wall clock at an instant. */
function wallTime(at: number): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter('en-US', NEW_YORK, numericParts).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
/** New York's offset from UTC at an instant, in ms (-5 h in winter, -4 h in summer). */
const offsetAt = (at: number) => asUtc(wallTime(at)) - Math.floor(at / 1000) * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** New York's calendar day of an instant, 'YYYY-MM-DD' (a date picker's value, a file name's date). */
export function dayInNewYork(at: Instant): string {
  return wallTimeInNewYork(at).slice(0, 10);
}

/** New York's wall clock at an instant, 'YYYY-MM-DD HH:mm:ss' (a date-time picker's value). */
export function wallTimeInNewYork(at: Instant): string {
  const w = wallTime(toDate(at).getTime());
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * The instant a New York wall clock shows: 'YYYY-MM-DD' (the start of that day) or
 * 'YYYY-MM-DD HH:mm[:ss]'. A time the clocks skip in March is read in the offset before the
 * change (2:30 is 3:30 EDT); one they show twice in November is the first of the two.
 */
export function instantInNewYork(wall: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(wall);
  if (!m) throw new RangeError(`Not a New York wall time 'YYYY-MM-DD[ HH:mm[:ss]]': ${wall}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const asIfUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // The offset a few hours before the wall time is the one in force before any change that night.
  const before = asIfUtc - offsetAt(asIfUtc - 6 * 3_600_000);
  const after = asIfUtc - offsetAt(before);
  return new Date(offsetAt(after) === offsetAt(before) ? after : before);
}

/** The first and the last millisecond of a New York day 'YYYY-MM-DD' (23 or 25 hours on the days the clocks change). */
export function newYorkDayBounds(day: string): { start: Date; end: Date } {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day 'YYYY-MM-DD': ${day}`);
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  const nextDay = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
  return { start: instantInNewYork(day), end: new Date(instantInNewYork(nextDay).getTime() - 1) };
}

/**
 * An instant for files (CSV, JSON) in ISO 8601 with New York's offset: "2026-12-01T21:00:00.000-05:00".
 * The same instant as its UTC form for any program, and the date a person reads is New York's.
 */
export function isoInNewYork(at: Instant): string {
  const ms = toDate(at).getTime();
  const w = wallTime(ms);
  const offset = Math.round(offsetAt(ms) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const millis = ((ms % 1000) + 1000) % 1000;
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(millis, 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
