import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe("the name menu's initials", () => {
  it('are the first and the last name’s, not a middle initial', () => {
    expect(initialsOf('Nora Q Newbie')).toBe('NN');
    expect(initialsOf('Ann Lee')).toBe('AL');
    expect(initialsOf('  mary   ann  de   la cruz ')).toBe('MC');
  });

  it('are one letter for one word (an email address while the name is unknown)', () => {
    expect(initialsOf('ann@example.com')).toBe('A');
    expect(initialsOf('')).toBe('');
  });
});
