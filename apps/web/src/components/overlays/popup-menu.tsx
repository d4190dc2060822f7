import {
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { type Placement, placeNextTo } from './place.ts';
import classes from './popup-menu.module.css';

interface PopupMenuProps {
  /** The button that opens the menu. */
  target: ReactElement<Record<string, unknown>>;
  /** The menu's items (`MenuItem`), with `MenuLabel`s and `MenuDivider`s between them. */
  children: ReactNode;
  /** The menu's name when the button's would not do (read as the menu opens). */
  label?: string;
  width?: number;
  placement?: Placement;
}

const items = (menu: HTMLElement) =>
  [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter(
    (item) => !item.hasAttribute('disabled'),
  );

const focusItem = (menu: HTMLElement, from: 'first' | 'last') => {
  const all = items(menu);
  (from === 'last' ? all.at(-1) : all[0])?.focus({ preventScroll: true });
};

/**
 * A menu button (WAI-ARIA's pattern) on the platform's popover (ADR 90): the menu opens under its
 * button in the top layer, a click outside or Escape closes it, the arrow keys, Home and End move
 * between its items, choosing one or Escape gives the focus back to the button. Drawn in place and
 * hidden until opened: a screen mounts no portal and loads no positioning library for it.
 */
export function PopupMenu({ target, children, label, width, placement = 'bottom-start' }: PopupMenuProps) {
  const targetId = useId();
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  // Which item takes the focus as the menu opens: the first, or the last (ArrowUp on the button).
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const button = () => document.getElementById(targetId);
    const place = () => {
      const anchor = button();
      if (anchor) placeNextTo(anchor, menu, placement);
    };
    const onToggle = (event: Event) => {
      const open = (event as ToggleEvent).newState === 'open';
      setOpened(open);
      if (open) {
        place();
        // Opened by a click (the button is its invoker): the keyboard goes to an item now, unless
        // a key already put it there (open()).
        if (!menu.contains(document.activeElement)) focusItem(menu, focusOnOpen.current);
        addEventListener('scroll', place, { capture: true, passive: true });
        addEventListener('resize', place, { passive: true });
      } else {
        removeEventListener('scroll', place, { capture: true });
        removeEventListener('resize', place);
      }
    };
    menu.addEventListener('toggle', onToggle);
    return () => {
      menu.removeEventListener('toggle', onToggle);
      removeEventListener('scroll', place, { capture: true });
      removeEventListener('resize', place);
    };
  }, [targetId, placement]);

  // Opened from the keyboard: shown, placed and focused at once, so a key pressed right after
  // moves from the item (the toggle event comes a task later: a second ArrowDown went to the
  // button in CI and opened the menu again on its first item).
  const open = (from: 'first' | 'last') => {
    const menu = menuRef.current;
    const anchor = document.getElementById(targetId);
    if (!menu || !anchor) return;
    focusOnOpen.current = from;
    if (!menu.matches(':popover-open')) menu.showPopover();
    placeNextTo(anchor, menu, placement);
    focusItem(menu, from);
  };
  const closeToButton = () => {
    menuRef.current?.hidePopover();
    document.getElementById(targetId)?.focus({ preventScroll: true });
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const menu = event.currentTarget;
    const all = items(menu);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    } else if (event.key === 'Tab') menu.hidePopover();
  };

  return (
    <>
      {cloneElement(target, {
        id: targetId,
        'aria-haspopup': 'menu',
        'aria-expanded': opened,
        'aria-controls': menuId,
        // The button is the menu's invoker: a click opens or closes it, and is not a click outside.
        popoverTarget: menuId,
        onClick: (event: unknown) => {
          (target.props.onClick as ((event: unknown) => void) | undefined)?.(event);
          focusOnOpen.current = 'first';
        },
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          open(event.key === 'ArrowDown' ? 'first' : 'last');
        },
      })}
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={label}
        aria-labelledby={label ? undefined : targetId}
        className={classes.menu}
        style={width ? { width } : undefined}
        onKeyDown={onMenuKey}
        // Choosing an item closes the menu and gives the focus back to its button before the item's
        // own handler runs (capture): what it does may render at once (a dialog opened then keeps
        // the button to give the focus back to, not the hidden item; the walk found it lost).
        onClickCapture={(event) => {
          if ((event.target as Element).closest('[role="menuitem"]')) closeToButton();
        }}
      >
        {children}
      </div>
    </>
  );
}

interface MenuItemProps {
  children: ReactNode;
  onClick: () => void;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  color?: 'red';
}

export function MenuItem({ children, onClick, leftSection, rightSection, color }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={classes.item}
      data-color={color}
      onClick={onClick}
    >
      {leftSection && <span className={classes.section}>{leftSection}</span>}
      <span className={classes.itemLabel}>{children}</span>
      {rightSection && <span className={classes.section}>{rightSection}</span>}
    </button>
  );
}

/** A heading over the items that follow (not an item: the arrow keys pass it). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className={classes.label}>{children}</div>;
}

export function MenuDivider() {
  return <hr className={classes.divider} />;
}
