/**
 * After a submit its checks refused: the keyboard goes to the first field to mend, once the errors
 * are rendered (a walk: the focus stayed on the submit button, and a screen reader heard nothing of
 * what was wrong). A field hidden by a step not on screen is passed over. Nothing moves when the
 * form was valid.
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined) {
  if (!form) return; // a submit called without its form's event (a step's own button, a test)
  requestAnimationFrame(() => {
    const fields = form.querySelectorAll<HTMLElement>('[aria-invalid="true"]');
    for (const field of fields) {
      if (field.checkVisibility()) {
        field.focus();
        return;
      }
    }
  });
}
