import { startTransition, useEffect, useState } from 'react';

/**
 * False on the commit that mounts the component, true from a background render after it (issue 43).
 *
 * For what a first screen does not show and need not load with it (the customer area's side menu and
 * confirmations, customer-layout.tsx): asked for once the screen has committed. (It began for
 * Mantine's portals, which set state while committed and made a first commit one long task; the
 * menus, tooltips and dialogs are now the platform's and mount none: ADR 90.)
 */
export function useMountedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => startTransition(() => setLater(true)), []);
  return later;
}
