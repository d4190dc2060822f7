/** The account page's sections: URL ref, 'Jump To' label and heading (spec §2, Account page). */
export const accountSections = [
  { ref: 'personalinfo', menu: 'Personal Info', title: 'Personal Information' },
  { ref: 'security', menu: 'Security', title: 'Security' },
  { ref: 'payment', menu: 'Funding', title: 'Payment Method' },
  { ref: 'subscription', menu: 'Subscription', title: 'Subscription' },
  { ref: 'notifications', menu: 'Notification', title: 'Notifications' },
  { ref: 'privacy', menu: 'Privacy', title: 'Privacy' },
] as const;

export type AccountSectionRef = (typeof accountSections)[number]['ref'] | 'delete';

/**
 * Whether `ref` names a section of the account page: the menu's, and Delete Account (its own
 * link in the side menu, /dashboard/account/delete: issue 40 found it answered "Page not found").
 * The router and the page read the URL through this one test.
 */
export const isAccountSectionRef = (ref: string | undefined): ref is AccountSectionRef =>
  ref === 'delete' || accountSections.some((s) => s.ref === ref);

/**
 * The sections a staff account has: no cards, plan, money notices or self-deletion (the API refuses
 * cards and plans to staff, and an admin removes staff in the portal), so only these (issue 29).
 */
const staffRefs: readonly AccountSectionRef[] = ['personalinfo', 'security', 'privacy'];

const staffSections = accountSections.filter((s) => staffRefs.includes(s.ref));

/** The same array on every call (an effect depends on it). */
export const sectionsFor = (staff: boolean) => (staff ? staffSections : accountSections);

/** Whether the account has this section (a staff account has fewer; see sectionsFor). */
export const hasSection = (staff: boolean, ref: AccountSectionRef) =>
  ref === 'delete' ? !staff : sectionsFor(staff).some((s) => s.ref === ref);

export const sectionId = (ref: AccountSectionRef) => `account-${ref}`;

/**
 * How far below the top of the window a section's heading lands: under the 64px header, with
 * room to breathe (24px on wide screens, 16px on a phone). The phone's 'Jump To' is not sticky
 * (issue 40: header and bar kept ~140px of an 844px screen).
 */
export const anchorOffset = (wide: boolean) => (wide ? 88 : 80);

export function scrollToSection(ref: AccountSectionRef, smooth = true, focus = true) {
  const element = document.getElementById(sectionId(ref));
  if (!element) return;
  // 'instant', not 'auto': the page's CSS scrolls smoothly (global.css), and a deep link's first
  // scroll then animated past every section above for 1.5-2 s (a walk), its corrections too.
  element.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
  // Move focus for keyboard and screen-reader users without scrolling again.
  if (focus) element.focus({ preventScroll: true });
}

/**
 * The section being read: the first one whose box crosses the band just under the sticky
 * header, updated as the page scrolls.
 */
export function watchReadingSection(
  refs: readonly AccountSectionRef[],
  offset: number,
  onChange: (ref: AccountSectionRef) => void,
): () => void {
  const crossing = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) crossing.add(e.target.id);
        else crossing.delete(e.target.id);
      }
      const first = refs.find((ref) => crossing.has(sectionId(ref)));
      if (first) onChange(first);
    },
    { rootMargin: `-${offset}px 0px -60% 0px` },
  );
  for (const ref of refs) {
    const element = document.getElementById(sectionId(ref));
    if (element) observer.observe(element);
  }
  return () => observer.disconnect();
}

/**
 * Keeps `ref`'s section where it was scrolled to while the sections above it finish loading
 * (cards, security settings) and grow: until they have stopped growing for `quietMs`, at most
 * `maxMs`, or until the reader scrolls themselves. (A fixed 3 s let go too soon on a busy phone:
 * the sections above, arriving one per commit for longer, pushed the asked-for one down the page.)
 */
export function holdSectionInView(
  ref: AccountSectionRef,
  container: Element,
  { quietMs = 1500, maxMs = 10_000 } = {},
): () => void {
  // The first callback only reports the current size: the caller has just scrolled (maybe smoothly).
  let first = true;
  let quiet = setTimeout(() => stop(), quietMs);
  const observer = new ResizeObserver(() => {
    if (!first) scrollToSection(ref, false, false);
    first = false;
    clearTimeout(quiet);
    quiet = setTimeout(() => stop(), quietMs);
  });
  observer.observe(container);
  const stop = () => {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(timer);
    // Keyboard and screen-reader users read on from the section: the first scroll's focus is lost
    // when it came while the page was still held behind its frame (nothing had the focus after).
    const active = document.activeElement;
    if (!active || active === document.body)
      document.getElementById(sectionId(ref))?.focus({ preventScroll: true });
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, maxMs);
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
    window.addEventListener(type, stop, { passive: true });
  return stop;
}
