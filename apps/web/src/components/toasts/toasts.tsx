import { Notification } from '@mantine/core';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import classes from './toasts.module.css';

/** A toast: what `notifications.show` takes (the fields of Mantine's notifications the app used). */
export interface ToastData {
  /** A toast shown with the id of one on view replaces it. */
  id?: string;
  title?: ReactNode;
  message: ReactNode;
  color?: string;
  /** Milliseconds on view, or false to stay until closed. */
  autoClose?: number | false;
  withCloseButton?: boolean;
  closeButtonProps?: { 'aria-label'?: string };
}

interface Toast extends ToastData {
  key: string;
  /** When it closes (ms since the epoch), kept here: a toast redrawn elsewhere (in a dialog opened
   * meanwhile, providers.tsx) keeps its time rather than starting it again. */
  closesAt?: number;
}

/** At most this many on view; the next ones wait their turn. */
const LIMIT = 5;
const DEFAULT_AUTO_CLOSE = 4000;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function set(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * The toasts' store (ADR 90: the app's own, in place of `@mantine/notifications`, whose container
 * brought Mantine's portal and, with it, the staff area's dialogs into the customer area's code).
 */
export const notifications = {
  show(data: ToastData): string {
    const key = data.id ?? `toast-${++counter}`;
    const time = data.autoClose ?? DEFAULT_AUTO_CLOSE;
    const toast = { ...data, key, closesAt: time === false ? undefined : Date.now() + time };
    const at = toasts.findIndex((t) => t.key === key);
    set(at === -1 ? [...toasts, toast] : toasts.map((t, i) => (i === at ? toast : t)));
    return key;
  },
  hide(id: string) {
    if (toasts.some((t) => t.key === id)) set(toasts.filter((t) => t.key !== id));
  },
};

/** Holds a toast open (a mouse rests on it), or gives it its whole time again once the mouse leaves. */
function hold(key: string, held: boolean) {
  set(
    toasts.map((t) => {
      if (t.key !== key || t.autoClose === false) return t;
      return { ...t, closesAt: held ? undefined : Date.now() + (t.autoClose ?? DEFAULT_AUTO_CLOSE) };
    }),
  );
}

function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

interface NotificationsProps {
  position: 'top-right' | 'bottom-center';
  className?: string;
  zIndex?: number;
}

/**
 * The toasts on view, oldest first, fixed to a corner of the window (providers.tsx). Each closes
 * after its time, which starts again while a mouse rests on it; each can be closed with its button.
 */
export function Notifications({ position, className, zIndex }: NotificationsProps) {
  const shown = useToasts().slice(0, LIMIT);
  return (
    <div
      className={[classes.container, className].filter(Boolean).join(' ')}
      data-position={position}
      style={{ zIndex }}
    >
      {shown.map((toast) => (
        <ToastView key={toast.key} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { key, title, message, color, closesAt, withCloseButton = true } = toast;
  useEffect(() => {
    if (closesAt === undefined) return;
    const timer = setTimeout(() => notifications.hide(key), Math.max(0, closesAt - Date.now()));
    return () => clearTimeout(timer);
  }, [key, closesAt]);
  return (
    <Notification
      className={classes.toast}
      color={color}
      title={title}
      withCloseButton={withCloseButton}
      closeButtonProps={toast.closeButtonProps}
      onClose={() => notifications.hide(key)}
      onPointerEnter={(event) => event.pointerType === 'mouse' && hold(key, true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hold(key, false)}
    >
      {message}
    </Notification>
  );
}
