/** Where a floating element goes beside its anchor: below or above it, and aligned how. */
export type Placement = 'bottom-start' | 'bottom-end' | 'bottom' | 'top';

const GAP = 6;
const EDGE = 8;

/**
 * Puts `floating` (fixed, in the top layer: a popover) next to `anchor`: on the side `placement`
 * names, or the other when it does not fit there and fits there; aligned as `placement` says, and
 * kept inside the window.
 */
export function placeNextTo(anchor: Element, floating: HTMLElement, placement: Placement) {
  const a = anchor.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = floating;
  const below = a.bottom + GAP;
  const above = a.top - GAP - height;
  const fitsBelow = below + height <= innerHeight - EDGE;
  const fitsAbove = above >= EDGE;
  const top =
    placement === 'top' ? (fitsAbove || !fitsBelow ? above : below) : fitsBelow || !fitsAbove ? below : above;
  const centred = a.left + (a.width - width) / 2;
  const wanted =
    placement === 'bottom-end' ? a.right - width : placement === 'bottom-start' ? a.left : centred;
  const left = Math.max(EDGE, Math.min(wanted, document.documentElement.clientWidth - EDGE - width));
  floating.style.top = `${Math.round(top)}px`;
  floating.style.left = `${Math.round(left)}px`;
}
