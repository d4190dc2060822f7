import { type RefObject, useEffect, useState } from 'react';

/**
 * A form on a page sent without the app (ADR 82's addendum: /contact, /feedback). The browser's own
 * fields work before the app runs; public/start-after-paint.js starts the app when the visitor
 * reaches into the part marked with these props, and holds a submit made before the app has taken
 * the form over.
 */
export const formBeforeApp = { 'data-app-on-use': '' } as const;

/**
 * Takes over what the visitor typed or picked before the app ran. React adopts a prerendered field
 * as the browser holds it but keeps its own state (a controlled field's text is on screen, not in
 * the form's values), so once the form is adopted `adopt` reads the fields and puts what differs in
 * the form's state; a submit held meanwhile is then made again, with those values.
 */
export function useTakeOverFromBrowser(
  part: RefObject<HTMLElement | null>,
  adopt: (part: HTMLElement) => void,
): void {
  const [submitAgain, setSubmitAgain] = useState<HTMLFormElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is adopted; `adopt` reads the fields as they are then
  useEffect(() => {
    const element = part.current;
    if (!element) return;
    adopt(element);
    element.setAttribute(adopted, '');
    const form = element instanceof HTMLFormElement ? element : element.querySelector('form');
    if (form?.hasAttribute(held)) {
      form.removeAttribute(held);
      // After the render that puts what was typed in the form's state (its submit handler is that
      // render's).
      setSubmitAgain(form);
    }
  }, []);
  useEffect(() => {
    if (!submitAgain) return;
    setSubmitAgain(null);
    submitAgain.requestSubmit();
  }, [submitAgain]);
}

/** Marks written by the hook and by start-after-paint.js (they share the names). */
const adopted = 'data-app-adopted';
const held = 'data-submitted-before-app';

/** The value of the field named `name` in `part`, when it is a text field or text area. */
export function typedValue(part: HTMLElement, name: string): string | undefined {
  const field = part.querySelector(`[name="${name}"]`);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : undefined;
}

/** The value of the checked radio button in `part`, if one is. */
export function checkedValue(part: HTMLElement): string | undefined {
  const radio = part.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  return radio?.value;
}
