import {
  brandDisplayNames,
  brandFromInput,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  formatUsd,
  instantInNewYork,
  ONBOARDING_COMPLETE_INDEX,
} from '@pria/contracts';

/** Spec: empty fields show '-'. */
export const EMPTY = '-';

export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value).trim();
  return text ? text : EMPTY;
}

/** Amounts are integer cents; shown with a $ sign and 2 decimals. */
export function money(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? formatUsd(Math.round(cents)) : EMPTY;
}

/**
 * Staff read every time in New York time, labelled (issue 29: the 4 pm New York charge showed
 * "9:01 PM" in a UTC browser): the money engine's calendar is New York's, whatever the browser's
 * (ADR 50: one formatter, @pria/contracts' calendar). Missing or unreadable values show '-'.
 */
function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 26, 2026 at 4:00 PM ET" */
export function dateTime(value: string | number | null | undefined): string {
  const d = toDate(value);
  return d ? formatDateTime(d, 'medium') : EMPTY;
}

/** "11/26/26": the dense tables' date (New York's), shown over its time (timeShort). */
export function dateShort(value: string | number | null | undefined): string {
  const d = toDate(value);
  return d ? formatDate(d, 'compact') : EMPTY;
}

/** "4:05 PM ET": the time under dateShort, in New York time. */
export function timeShort(value: string | number | null | undefined): string {
  const d = toDate(value);
  return d ? formatTime(d) : EMPTY;
}

/** "Nov 26, 2026" (New York's date). */
export function dateOnly(value: string | number | null | undefined): string {
  const d = toDate(value);
  return d ? formatDate(d, 'medium') : EMPTY;
}

/**
 * A card as staff read it: "Visa •••• 1111". The spec's brand code form ("001 **** **** 1111")
 * read as noise to a new operator (issue 29, ADR 31): the brand by name, the last four.
 */
export function maskedCard(card: {
  brand?: string | null;
  brandCode?: string | null;
  lastFour?: string | null;
}) {
  if (!card.lastFour) return EMPTY;
  const brand = brandFromInput(card.brand ?? '') ?? brandFromInput(card.brandCode ?? '');
  return `${brand ? brandDisplayNames[brand] : 'Card'} •••• ${card.lastFour}`;
}

export function fullName(p: {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}) {
  return [p.firstName, p.middleName, p.lastName].filter((s) => s?.trim()).join(' ');
}

/** '2026-11' -> 'Nov 2026' (pay-in periods and metric months are New York months). */
export function monthLabel(period: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(period) ? formatMonth(period, 'short') : period;
}

/** Log rows have no id: a key from their content plus their position among equals. */
export function keyed<T>(rows: T[], identity: (row: T) => string): { row: T; key: string }[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = identity(row);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { row, key: `${base}#${n}` };
  });
}

/**
 * Where a client is in onboarding, in words (the saved index is the step to come back to: 0
 * profile, 1 cards, 2 plan, 3 checkout; 3 and above count as done, as the spec says).
 */
export function onboardingProgress(index: number): string {
  if (index >= ONBOARDING_COMPLETE_INDEX) return 'Complete';
  return ['Not started', 'Step 2 of 4: cards', 'Step 3 of 4: plan'][Math.max(0, index)] ?? 'Not started';
}

/**
 * When a pay-in period's $3 are paid back: the 2nd of the next month at 4 pm New York time
 * (the engine's schedule). `due` is whether that moment has come.
 */
export function paybackDue(period: string, now = new Date()): { due: boolean; label: string } {
  const [y = 0, m = 1] = period.split('-').map(Number);
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  const at = instantInNewYork(`${next.y}-${String(next.m).padStart(2, '0')}-02 16:00`);
  return { due: now >= at, label: formatDateTime(at, 'shortMonthDay') };
}

/** "1 client", "1,204 clients": one definition, shared with the server's words. */
export { countOf } from '@pria/contracts';
