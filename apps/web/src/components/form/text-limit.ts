/**
 * What a text field with a length limit says about it (issue 40: the contact form's Topic stopped
 * at 100 characters and its Message at 5000 without a word). Nothing while there is room; near
 * the limit, how many characters are left; at it, that it is reached. One rule for every field
 * with a limit (LimitedTextInput, LimitedTextarea).
 */
export type LimitNote = { kind: 'left'; left: number } | { kind: 'reached'; max: number } | null;

/** From how many characters left the field counts down: a tenth of a short limit, at most 100. */
export const countdownFrom = (max: number) => Math.min(100, Math.max(5, Math.ceil(max / 10)));

export function limitNote(length: number, max: number): LimitNote {
  const left = max - length;
  if (left <= 0) return { kind: 'reached', max };
  if (left <= countdownFrom(max)) return { kind: 'left', left };
  return null;
}
