import { describe, expect, it } from 'vitest';
import { disputedNotes } from './reconciliation-words.ts';

const none = { count: 0, cents: 0 };

describe("a month's disputed charges on the Reconciliation", () => {
  it('says a pay-back is withheld only for a charge disputed before its pay-back went out', () => {
    expect(disputedNotes({ withheld: { count: 1, cents: 300 }, lost: none })).toEqual([
      '1 disputed: pay-back withheld',
    ]);
  });

  it('never calls a sent pay-back withheld', () => {
    const notes = disputedNotes({ withheld: none, lost: { count: 1, cents: 300 } });
    expect(notes).toEqual(['1 disputed after its pay-back was sent']);
    expect(notes.join(' ')).not.toContain('withheld');
  });

  it('names both kinds in the same month, and nothing when none', () => {
    expect(disputedNotes({ withheld: { count: 2, cents: 600 }, lost: { count: 1, cents: 300 } })).toEqual([
      '2 disputed: pay-back withheld',
      '1 disputed after its pay-back was sent',
    ]);
    expect(disputedNotes({ withheld: none, lost: none })).toEqual([]);
  });
});
