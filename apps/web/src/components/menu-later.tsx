import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { useMountedLater } from './mounted-later.ts';

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
      onClick: (event: unknown) => {
        target.props.onClick?.(event);
        setPressedEarly(true);
      },
    } as Record<string, unknown>);
  }
  return (
    <Menu defaultOpened={pressedEarly} {...props}>
      <Menu.Target>{target}</Menu.Target>
      {children}
    </Menu>
  );
}
