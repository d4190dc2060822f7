import { brandCodes, brandFromInput, formatUsd, ONBOARDING_COMPLETE_INDEX } from '@pria/contracts';
import dayjs from 'dayjs';

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

export function dateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(value);
  return d.isValid() ? d.format('MMM D, YYYY h:mm A') : EMPTY;
}

/** "11/26/26": the dense tables' date, shown over its time (timeShort), the full one in the cell's title. */
export function dateShort(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(value);
  return d.isValid() ? d.format('MM/DD/YY') : EMPTY;
}

/** "4:05 PM": the time under dateShort. */
export function timeShort(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(value);
  return d.isValid() ? d.format('h:mm A') : EMPTY;
}

export function dateOnly(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(value);
  return d.isValid() ? d.format('MMM D, YYYY') : EMPTY;
}

/** Spec: card numbers are masked as brand code, stars, then last four: '001 **** **** 1111'. */
export function maskedCard(card: {
  brand?: string | null;
  brandCode?: string | null;
  lastFour?: string | null;
}) {
  if (!card.lastFour) return EMPTY;
  const brand = card.brand ? brandFromInput(card.brand) : undefined;
  const code = card.brandCode || (brand ? brandCodes[brand] : '000');
  return `${code} **** **** ${card.lastFour}`;
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
  const d = dayjs(`${period}-01`);
  return d.isValid() ? d.format('MMM YYYY') : period;
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
