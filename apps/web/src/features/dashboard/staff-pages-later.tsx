import { useLoaded } from '../../app/lazy-loaded.ts';

const loadStaffPages = () => import('./staff-account-page.tsx');

/**
 * What a staff account sees in place of the customers' screens (staff-account-page.tsx), loaded
 * when a staff account reaches one: no customer's first load carries it (issue 43).
 */
export function StaffAccountPageLater() {
  const pages = useLoaded(loadStaffPages);
  return pages ? <pages.StaffAccountPage /> : null;
}

/** Account Settings' note for a staff account, loaded as StaffAccountPageLater is. */
export function StaffHoldsNoneLater() {
  const pages = useLoaded(loadStaffPages);
  return pages ? <pages.StaffHoldsNone /> : null;
}
