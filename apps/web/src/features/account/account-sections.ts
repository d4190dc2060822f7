/** The account page's sections: URL ref, 'Jump To' label and heading (spec §2, Account page). */
export const accountSections = [
  { ref: 'personalinfo', menu: 'Personal Info', title: 'Personal Information' },
  { ref: 'security', menu: 'Security', title: 'Security' },
  { ref: 'payment', menu: 'Funding', title: 'Payment Method' },
  { ref: 'subscription', menu: 'Subscription', title: 'Subscription' },
  { ref: 'notifications', menu: 'Notification', title: 'Notifications' },
] as const;

export type AccountSectionRef = (typeof accountSections)[number]['ref'] | 'delete';

export const sectionId = (ref: AccountSectionRef) => `account-${ref}`;

export function scrollToSection(ref: AccountSectionRef, smooth = true) {
  const element = document.getElementById(sectionId(ref));
  if (!element) return;
  element.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  // Move focus for keyboard and screen-reader users without scrolling again.
  element.focus({ preventScroll: true });
}
