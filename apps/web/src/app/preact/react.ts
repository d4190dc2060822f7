/**
 * What the app and its libraries import as `react`: Preact's compatibility layer (ADR 89), with
 * what React 19 does that it does not (each below):
 * - `<Activity>` (React 19.2), which Mantine renders for content it keeps mounted while hidden
 *   (`keepMounted` on a transition, a collapse, tabs or a stepper): here hidden content is not
 *   rendered, so its state starts again when it shows (no Pria screen keeps content mounted).
 * - A render caused by a state change or a part that has loaded runs in a task of its own, as
 *   React's scheduler does, not in a microtask of the task that caused it (Preact's default): a
 *   screen whose parts have all arrived otherwise renders part after part in one long task, which
 *   a phone cannot interrupt (ADR 89: the dashboard's start was one 70 ms task, 280 ms on
 *   Lighthouse's phone). What a person does (a click, a key) still renders at once.
 * - A controlled field is put back as rendered after a change no render answered.
 * `useDeferredValue` and `useTransition` are Preact's: the value at once, never pending. The places
 * that deferred a value for React's background render (the dashboard, the header's name) render it
 * in a task of its own here anyway.
 */
import { options } from 'preact';
import type { ReactNode } from 'react';
import { inNextTask } from './next-task.ts';
import { putTypedTextBack } from './typed-before-adoption.ts';

// @ts-expect-error Preact's types declare its layer with `export =`, which `export *` cannot
// name; the bundler re-exports the ES module's names, which is what runs.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ReactNode;
}) {
  return mode === 'hidden' ? null : children;
}

/**
 * What a person does renders at the end of what they did, as React renders a discrete event's
 * updates: a click, a key or a change shows its result before the browser's next task (a radio
 * card pressed reads as chosen at once; the focus goes to the field a refused submit names, which
 * is rendered by then). `window.event` is the event being dispatched, whoever listens to it.
 */
const discreteEvents = new Set([
  'beforeinput',
  'blur',
  'change',
  'click',
  'compositionend',
  'compositionstart',
  'contextmenu',
  'copy',
  'cut',
  'dblclick',
  'dragend',
  'dragstart',
  'drop',
  'focus',
  'focusin',
  'focusout',
  'input',
  'keydown',
  'keypress',
  'keyup',
  'mousedown',
  'mouseup',
  'paste',
  'pointercancel',
  'pointerdown',
  'pointerup',
  'reset',
  'select',
  'submit',
  'touchcancel',
  'touchend',
  'touchstart',
]);

/** Preact's render of what is waiting, when it was asked for in a task to come. */
let waiting: (() => void) | undefined;

function scheduleRender(render: () => void): void {
  if (discreteEvents.has(window.event?.type ?? '')) {
    queueMicrotask(render);
    return;
  }
  waiting = render;
  inNextTask(() => {
    if (waiting === render) waiting = undefined;
    render();
  });
}

/**
 * What waits for a task to come renders now. Preact asks for a render once while one is waiting,
 * so a state a person's click changes joins the render already waiting (an answer's): without this
 * the click's result would show a task late. Rendering the queue early leaves the task with
 * nothing to do.
 */
function renderWaiting(): void {
  const render = waiting;
  waiting = undefined;
  render?.();
}

/** After the event's own handlers (a listener on the document hears it last). */
function afterDiscreteEvent(event: Event): void {
  if (discreteEvents.has(event.type)) queueMicrotask(renderWaiting);
}

/**
 * A controlled field shows what was rendered, as React makes it: after a person changes a field,
 * what the page rendered for it is put back unless a render changed it (a switch whose change asks
 * for a confirmation first stays as it was when the confirmation is cancelled; a letter typed in a
 * field that keeps only digits does not stay). Preact leaves the field as the person left it. The
 * rendered `checked` and `value` of each field are kept as they are rendered (`__e` is the element
 * a Preact vnode rendered: Preact's own debug and devtools read it by that name).
 */
type Rendered = { checked?: unknown; value?: unknown };
const renderedFields = new WeakMap<EventTarget, Rendered>();
const fieldTypes = new Set(['input', 'textarea', 'select']);

function keepRendered(vnode: { type: unknown; props: Rendered }): void {
  if (typeof vnode.type !== 'string' || !fieldTypes.has(vnode.type)) return;
  const element = (vnode as { __e?: Element | null }).__e;
  // A text area typed into before the app ran: what was typed, not what hydrating it wrote.
  if (element && vnode.type === 'textarea') putTypedTextBack(element);
  const { checked, value } = vnode.props;
  if (element && (checked !== undefined || value !== undefined))
    renderedFields.set(element, { checked, value });
}

function putBack(field: EventTarget): void {
  const rendered = renderedFields.get(field);
  if (!rendered) return;
  if (field instanceof HTMLInputElement && rendered.checked !== undefined)
    field.checked = Boolean(rendered.checked);
  const value = rendered.value;
  if (
    value !== undefined &&
    value !== null &&
    !Array.isArray(value) &&
    (field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement) &&
    field.value !== String(value)
  )
    field.value = String(value);
}

/**
 * The event a field's `onChange` listens to (Preact's layer, as React): `change` for a select, a
 * check box and a radio button, `input` for text. The browser sends `input` first to all of them:
 * putting a check box back then would hand its `change` handler the old state.
 */
function changesOn(field: EventTarget): 'change' | 'input' {
  if (field instanceof HTMLSelectElement) return 'change';
  if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(field.type))
    return 'change';
  return 'input';
}

/** After the event's handlers and the render they caused (a microtask, see scheduleRender). */
function putBackAfterChange(event: Event): void {
  const field = event.target;
  if (!field || !renderedFields.has(field) || changesOn(field) !== event.type) return;
  queueMicrotask(() => {
    renderWaiting();
    putBack(field);
    // The other buttons of a radio group were unchecked by the browser: each as rendered too.
    if (field instanceof HTMLInputElement && field.type === 'radio' && field.name)
      for (const other of document.querySelectorAll<HTMLInputElement>(
        `input[type="radio"][name="${CSS.escape(field.name)}"]`,
      ))
        if (other !== field) putBack(other);
  });
}

if (typeof window !== 'undefined') {
  options.debounceRendering = scheduleRender;
  const diffed = options.diffed;
  options.diffed = (vnode) => {
    diffed?.(vnode);
    keepRendered(vnode as never);
  };
  for (const type of discreteEvents) document.addEventListener(type, afterDiscreteEvent);
  document.addEventListener('input', putBackAfterChange);
  document.addEventListener('change', putBackAfterChange);
}
