import { textLimits } from '@pria/contracts/text-limits';
import { describe, expect, it } from 'vitest';
import { limitNote } from './text-limit.ts';

describe('a text field with a length limit says so (issue 40: cut silently)', () => {
  it('says nothing while there is room', () => {
    expect(limitNote(0, textLimits.topic)).toBeNull();
    expect(limitNote(89, textLimits.name)).toBeNull();
    expect(limitNote(4899, textLimits.message)).toBeNull();
  });

  it('counts down near the limit', () => {
    expect(limitNote(90, textLimits.topic)).toEqual({ kind: 'left', left: 10 });
    expect(limitNote(99, textLimits.name)).toEqual({ kind: 'left', left: 1 });
    expect(limitNote(4900, textLimits.message)).toEqual({ kind: 'left', left: 100 });
  });

  it('says the limit is reached when the field stops taking characters', () => {
    expect(limitNote(100, textLimits.topic)).toEqual({ kind: 'reached', max: 100 });
    expect(limitNote(5000, textLimits.message)).toEqual({ kind: 'reached', max: 5000 });
  });
});
