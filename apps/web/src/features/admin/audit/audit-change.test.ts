import { describe, expect, it } from 'vitest';
import { changedFields, changeLine, fieldLabel, targetName } from './audit-change.ts';

describe('changedFields: an audit row in words', () => {
  it('lists only the fields that changed, before and after', () => {
    const changes = changedFields(
      { role: 'support', email: 'a@pria.test' },
      { role: 'finance', email: 'a@pria.test' },
    );
    expect(changes).toEqual([{ field: 'role', label: 'role', before: 'support', after: 'finance' }]);
    expect(changeLine(changes[0] as (typeof changes)[number])).toBe('role: support → finance');
  });

  it('reads a creation (no before) as its values', () => {
    expect(changedFields(null, { rows: 120, filter: { type: 'PAYOUT' } }).map(changeLine)).toEqual([
      'rows: 120',
      'filter: {"type":"PAYOUT"}',
    ]);
  });

  it('reads a refund as what was refunded of the charge, in dollars, not as a changed amount', () => {
    const lines = changedFields(
      { chargedCents: 3897, refundedCents: 0 },
      { chargedCents: 3897, refundedCents: 3875, refundId: 'r-1', mode: 'prorated', reason: 'goodwill' },
    ).map(changeLine);
    expect(lines).toEqual([
      'Refunded: $0.00 → $38.75',
      'refundId: r-1',
      'mode: prorated',
      'reason: goodwill',
    ]);
  });

  it('names a money field in words, never by its name in cents', () => {
    expect(fieldLabel('refundedCents')).toBe('Refunded');
    expect(fieldLabel('chargedCents')).toBe('Charged');
    expect(fieldLabel('amountCents')).toBe('Amount');
    expect(fieldLabel('paidBackCents')).toBe('Paid back');
    expect(fieldLabel('rowCount')).toBe('rowCount');
    expect(changedFields({ amountCents: 300 }, { amountCents: 0 }).map(changeLine)).toEqual([
      'Amount: $3.00 → $0.00',
    ]);
  });

  it('handles plain values and nothing at all', () => {
    expect(changedFields(false, true)).toEqual([
      { field: 'value', label: 'value', before: 'false', after: 'true' },
    ]);
    expect(changedFields(undefined, undefined)).toEqual([]);
  });
});

describe('targetName', () => {
  it('names the staff member or customer a row acted on by the email it recorded', () => {
    const row = {
      targetId: 'auth|ebc461b0',
      before: { email: 'nina@example.com', disabled: false },
      after: { disabled: true },
    };
    expect(targetName(row)).toBe('nina@example.com');
  });

  it('falls back to the id when no email was recorded', () => {
    expect(targetName({ targetId: 'payout-1', before: null, after: { status: 'pending' } })).toBe('payout-1');
  });
});
