/**
 * What the app and its libraries import as `react`: Preact's compatibility layer (ADR 89), with
 * two things React 19 does that it does not:
 * - `<Activity>` (React 19.2), which Mantine renders for content it keeps mounted while hidden
 *   (`keepMounted` on a transition, a collapse, tabs or a stepper): here hidden content is not
 *   rendered, so its state starts again when it shows (no Pria screen keeps content mounted).
 * - A render caused by a state change or a part that has loaded runs in a task of its own, as
 *   React's scheduler does, not in a microtask of the task that caused it (Preact's default): a
 *   screen whose parts have all arrived otherwise renders part after part in one long task, which
 *   a phone cannot interrupt (ADR 89: the dashboard's start was one 70 ms task, 280 ms on
 *   Lighthouse's phone). What a person does (a click, a key) still renders at once.
 */
import { options } from 'preact';
import type { ReactNode } from 'react';
import { inNextTask } from './next-task.ts';

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

function scheduleRender(render: () => void): void {
  if (discreteEvents.has(window.event?.type ?? '')) queueMicrotask(render);
  else inNextTask(render);
}

if (typeof window !== 'undefined') options.debounceRendering = scheduleRender;
