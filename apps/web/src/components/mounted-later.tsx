import { Menu, type MenuProps, Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False on the commit that mounts the component, true from a background render after it (issue 43).
 *
 * Mantine's portals (every Menu, Tooltip, Drawer and Modal mounts one, open or not) and Floating UI's
 * anchors set state while React commits them. An update made during a commit is urgent: React renders
 * it at once and, before that, runs every effect of the commit it has just made — on a first screen,
 * every query subscription and listener of the page — in the same task. The dashboard's first commit
 * was one 68 ms task (273 ms on Lighthouse's phone) for that reason alone. A part mounted later is
 * committed in a small render of its own, where that costs nothing.
 */
export function useMountedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => startTransition(() => setLater(true)), []);
  return later;
}

/**
 * For a dialog or drawer that is rarely opened: false until `opened` is first true, then true from
 * the next frame on. Render nothing while both are false, and open it with `opened && shown`: it
 * mounts closed and opens a frame later, so it slides in as usual.
 */
export function useMountedWhenOpened(opened: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!opened || shown) return;
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [opened, shown]);
  return shown;
}

/** A Mantine Tooltip around `children` from the commit after they first show (`useMountedLater`). */
export function TooltipLater({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const later = useMountedLater();
  return later ? <Tooltip {...props}>{children}</Tooltip> : children;
}

interface MenuLaterProps extends Omit<MenuProps, 'children'> {
  /** The button that opens the menu (what `Menu.Target` would hold). */
  target: ReactElement<{ onClick?: (event: unknown) => void }>;
  /** The menu's `Menu.Dropdown`. */
  children: ReactNode;
}

/**
 * A Mantine Menu whose menu is mounted from the commit after its button first shows
 * (`useMountedLater`). A press on the button before that opens the menu as it mounts.
 */
export function MenuLater({ target, children, ...props }: MenuLaterProps) {
  const later = useMountedLater();
  const [pressedEarly, setPressedEarly] = useState(false);
  if (!later && !pressedEarly) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setPressedEarly(true),
    } as Record<string, unknown>);
  }
  return (
    <Menu defaultOpened={pressedEarly} {...props}>
      <Menu.Target>{target}</Menu.Target>
      {children}
    </Menu>
  );
}
