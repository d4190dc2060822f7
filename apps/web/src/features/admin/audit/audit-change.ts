import { formatUsd } from '@pria/contracts';

/** One field of an audited change, as staff read it. */
export interface FieldChange {
  field: string;
  /** The field's name as staff read it (`fieldLabel`). */
  label: string;
  before: string | null;
  after: string | null;
}

const isCents = (field: string) => /.Cents$/.test(field);

/**
 * A field's name in words where the stored name would mislead: a money field is named in cents
 * (refundedCents) but shown in dollars, so it reads "Refunded" (issue 29: "refundedCents: $37.68 →
 * $38.97"). Other names are kept as recorded, so they can be searched for as they are.
 */
export function fieldLabel(field: string): string {
  if (!isCents(field)) return field;
  const words = field
    .slice(0, -'Cents'.length)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const show = (value: unknown, field = ''): string | null => {
  if (value === undefined) return null;
  if (value === null) return 'none';
  // Money fields are named in cents (refundedCents): staff read dollars.
  if (isCents(field) && typeof value === 'number' && Number.isInteger(value)) return formatUsd(value);
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
    return [{ field: 'value', label: 'value', before: show(before), after: show(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => JSON.stringify(b?.[k]) !== JSON.stringify(a?.[k]))
    .map((k) => ({ field: k, label: fieldLabel(k), before: show(b?.[k], k), after: show(a?.[k], k) }));
}

/** "role: support → finance"; "rows: 120" for a field that only has an after. */
export function changeLine(c: FieldChange): string {
  if (c.before === null) return `${c.label}: ${c.after ?? 'none'}`;
  if (c.after === null) return `${c.label}: ${c.before} (removed)`;
  return `${c.label}: ${c.before} → ${c.after}`;
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
