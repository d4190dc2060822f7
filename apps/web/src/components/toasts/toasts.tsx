import { Notification } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
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
    const toast = { ...data, key };
    const at = toasts.findIndex((t) => t.key === key);
    set(at === -1 ? [...toasts, toast] : toasts.map((t, i) => (i === at ? toast : t)));
    return key;
  },
  hide(id: string) {
    if (toasts.some((t) => t.key === id)) set(toasts.filter((t) => t.key !== id));
  },
};

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
  const { key, title, message, color, autoClose = DEFAULT_AUTO_CLOSE, withCloseButton = true } = toast;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    if (autoClose !== false) timer.current = setTimeout(() => notifications.hide(key), autoClose);
  };
  const pause = () => clearTimeout(timer.current);
  // Starts again when the toast is replaced by one with its id (a new object).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `toast` is what restarts the timer
  useEffect(() => {
    start();
    return pause;
  }, [toast]);
  return (
    <Notification
      className={classes.toast}
      color={color}
      title={title}
      withCloseButton={withCloseButton}
      closeButtonProps={toast.closeButtonProps}
      onClose={() => notifications.hide(key)}
      onPointerEnter={(event) => event.pointerType === 'mouse' && pause()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && start()}
    >
      {message}
    </Notification>
  );
}
