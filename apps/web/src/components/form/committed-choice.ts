import { type KeyboardEvent, useRef } from 'react';

/** Keys that change a closed <select>'s value in a desktop browser, besides typing its letters. */
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * A <select> whose choice does something (jumps to a section, proposes a ZIP, changes the funding
 * card). A desktop browser changes a closed select's value at every arrow key and typed letter:
 * acting on each jumped away at the first key press (WCAG 3.2.2) and rewrote the ZIP for every state
 * passed (found by a keyboard walk, ADR 84). A choice made that way is held: the select shows it
 * (`onChange` answers false, and the caller shows the value), and it is acted on when the person
 * presses Enter or leaves the field. A choice from the list (a click, a tap, a phone's picker)
 * is acted on at once.
 */
export function useCommittedChoice(act: (value: string) => void) {
  const stepping = useRef(false);
  const held = useRef<string | null>(null);
  const actRef = useRef(act);
  actRef.current = act;
  const flush = () => {
    const value = held.current;
    held.current = null;
    if (value !== null) actRef.current(value);
  };
  return {
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      if (event.key === 'Enter') {
        flush();
        return;
      }
      // Alt+ArrowDown, F4 and Space open the list: a choice made in it is a choice.
      stepping.current =
        !event.altKey && (STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '));
    },
    /** True when the choice was acted on now; false when it is held until Enter or blur. */
    onChange(value: string): boolean {
      if (stepping.current) {
        stepping.current = false;
        held.current = value;
        return false;
      }
      held.current = null;
      actRef.current(value);
      return true;
    },
    onBlur: flush,
  };
}
