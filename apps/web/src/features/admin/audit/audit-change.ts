import { formatUsd } from '@pria/contracts';

/** One field of an audited change, as staff read it. */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const show = (value: unknown, field = ''): string | null => {
  if (value === undefined) return null;
  if (value === null) return 'none';
  // Money fields are named in cents (refundedCents): staff read dollars.
  if (field.endsWith('Cents') && typeof value === 'number' && Number.isInteger(value))
    return formatUsd(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The fields an audit row changed, before and after (issue 29: the trail showed raw JSON in a
 * column that made it wider than the page). Objects compare field by field; anything else is
 * one "value" field.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before === undefined && after === undefined) return [];
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ field: 'value', before: show(before), after: show(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => JSON.stringify(b?.[k]) !== JSON.stringify(a?.[k]))
    .map((k) => ({ field: k, before: show(b?.[k], k), after: show(a?.[k], k) }));
}

/** "role: support → finance"; "rows: 120" for a field that only has an after. */
export function changeLine(c: FieldChange): string {
  if (c.before === null) return `${c.field}: ${c.after ?? 'none'}`;
  if (c.after === null) return `${c.field}: ${c.before} (removed)`;
  return `${c.field}: ${c.before} → ${c.after}`;
}

/**
 * Whom or what a row acted on, as a person reads it: the email a staff or customer change
 * recorded (before or after), else the target's id.
 */
export function targetName(row: { targetId: string | null; before: unknown; after: unknown }): string | null {
  for (const side of [row.after, row.before]) {
    const email = asRecord(side)?.email;
    if (typeof email === 'string' && email) return email;
  }
  return row.targetId;
}
