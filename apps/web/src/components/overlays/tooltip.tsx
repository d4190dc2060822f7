import { cloneElement, type ReactElement, useRef } from 'react';
import { placeNextTo } from './place.ts';
import classes from './tooltip.module.css';

type Handler = (event: unknown) => void;

/**
 * A short label over `children` while a mouse rests on it or the keyboard focuses it (ADR 90): a
 * `popover="manual"` element in the top layer, so no container clips it. What it names is already
 * named for a screen reader (the buttons' own labels): the tip is for the eye, and says nothing new.
 */
export function Tooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const tip = useRef<HTMLSpanElement>(null);
  const show = (anchor: Element) => {
    const element = tip.current;
    if (!element || element.matches(':popover-open')) return;
    element.showPopover();
    placeNextTo(anchor, element, 'top');
  };
  const hide = () => {
    if (tip.current?.matches(':popover-open')) tip.current.hidePopover();
  };
  const chain =
    (name: string, own: Handler): Handler =>
    (event) => {
      (children.props[name] as Handler | undefined)?.(event);
      own(event);
    };
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: chain('onPointerEnter', (event) => {
          const e = event as PointerEvent & { currentTarget: Element };
          if (e.pointerType === 'mouse') show(e.currentTarget);
        }),
        onPointerLeave: chain('onPointerLeave', hide),
        onFocus: chain('onFocus', (event) => {
          const e = event as FocusEvent & { currentTarget: Element };
          if (e.currentTarget.matches(':focus-visible')) show(e.currentTarget);
        }),
        onBlur: chain('onBlur', hide),
        onKeyDown: chain('onKeyDown', (event) => {
          if ((event as KeyboardEvent).key === 'Escape') hide();
        }),
        onClick: chain('onClick', hide),
      })}
      <span ref={tip} popover="manual" role="tooltip" className={classes.tip}>
        {label}
      </span>
    </>
  );
}
