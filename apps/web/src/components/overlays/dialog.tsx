import { useLingui } from '@lingui/react/macro';
import { CloseButton } from '@mantine/core';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import classes from './dialog.module.css';
import { dialogClosed, dialogOpened } from './open-dialogs.ts';

const focusable =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The width: 440 px (`md`) or 620 px (`lg`); a side sheet (`side`) is 300 px. */
  size?: 'md' | 'lg';
  /** A sheet along the left edge (the phone's menu) rather than a box in the middle. */
  side?: 'left';
  /** False where a stray click would throw away what was typed (a card's details). */
  closeOnClickOutside?: boolean;
  /** False where Escape would throw away what was typed. */
  closeOnEscape?: boolean;
  withCloseButton?: boolean;
  /** The close button's name when "Close" would be unclear (e.g. "Close menu"). */
  closeLabel?: string;
  /** Classes for printing a dialog's content alone: the dialog, and what must not print. */
  className?: string;
  noPrintClassName?: string;
}

/**
 * A modal dialog on the platform's `<dialog>` (ADR 90): `showModal()` puts it above the page in the
 * top layer, makes the page inert behind it and focuses inside it; Escape and a click on the
 * backdrop close it unless told not to; the keyboard starts on the first control of its body;
 * closing gives the focus back to what had it. Rendered only
 * while open, in place (no portal), so a page mounts nothing for a dialog nobody opened.
 */
export function Dialog(props: DialogProps) {
  return props.opened ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  children,
  size = 'md',
  side,
  closeOnClickOutside = true,
  closeOnEscape = true,
  withCloseButton = true,
  closeLabel,
  className,
  noPrintClassName,
}: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const pressedOnBackdrop = useRef(false);
  const unmounting = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialogOpened(dialog);
    // The keyboard starts where the dialog's work starts: a field marked `data-autofocus`, else
    // the first control of its body (a confirmation's Cancel, the least harmful), not its X.
    const body = dialog.querySelector(`.${classes.body}`);
    (
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? body?.querySelector<HTMLElement>(focusable)
    )?.focus();
    return () => {
      unmounting.current = true;
      dialogClosed(dialog);
      if (dialog.open) dialog.close();
      // Removed while open, a dialog does not give the focus back itself.
      if (
        before?.isConnected &&
        (!document.activeElement ||
          document.activeElement === document.body ||
          dialog.contains(document.activeElement))
      ) {
        before.focus({ preventScroll: true });
      }
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={[classes.dialog, side ? classes.side : classes.centered, className]
        .filter(Boolean)
        .join(' ')}
      data-size={size}
      // Escape: a keydown whose default is prevented asks nothing of the dialog; otherwise the
      // platform's cancel event follows (also a phone's Back gesture), answered the same way.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        if (closeOnEscape) closeRef.current();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (closeOnEscape) closeRef.current();
      }}
      // Closed by the platform regardless (a second Back with nothing typed between): the state follows.
      onClose={() => {
        if (!unmounting.current) closeRef.current();
      }}
      // The dialog element itself is the backdrop's box: its content fills it edge to edge.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnClickOutside && pressedOnBackdrop.current && event.target === event.currentTarget) {
          closeRef.current();
        }
        pressedOnBackdrop.current = false;
      }}
    >
      <div className={classes.content}>
        <header className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          {withCloseButton && (
            <CloseButton
              className={noPrintClassName}
              aria-label={closeLabel ?? t`Close`}
              onClick={() => closeRef.current()}
            />
          )}
        </header>
        <div className={classes.body}>{children}</div>
      </div>
    </dialog>
  );
}
