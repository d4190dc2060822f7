import type { Menu, MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { useLoaded } from '../app/lazy-loaded.ts';
import { useMountedLater } from './mounted-later.ts';

const loadMenu = () => import('./mantine-overlays.ts').then((m) => m.Menu);

interface MenuLaterProps extends Omit<MenuProps, 'children'> {
  /** The button that opens the menu (what `Menu.Target` would hold). */
  target: ReactElement<{ onClick?: (event: unknown) => void }>;
  /** The menu's `Menu.Dropdown`, made with the Menu it is given (its code loads after the button shows). */
  children: (menu: typeof Menu) => ReactNode;
}

/**
 * A Mantine Menu whose code loads, and whose menu is mounted, after its button first shows
 * (`useMountedLater`; mantine-overlays.ts). A press on the button before then opens the menu as
 * it mounts.
 */
export function MenuLater({ target, children, ...props }: MenuLaterProps) {
  const later = useMountedLater();
  const [pressedEarly, setPressedEarly] = useState(false);
  const Loaded = useLoaded(loadMenu, later || pressedEarly);
  if (!Loaded || (!later && !pressedEarly)) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: unknown) => {
        target.props.onClick?.(event);
        setPressedEarly(true);
      },
    } as Record<string, unknown>);
  }
  return (
    <Loaded defaultOpened={pressedEarly} {...props}>
      <Loaded.Target>{target}</Loaded.Target>
      {children(Loaded)}
    </Loaded>
  );
}
