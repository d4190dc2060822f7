import { msg } from '@lingui/core/macro';

/** The public header's page links (Log In and Sign Up are buttons beside them). */
export const publicNavLinks = [
  { label: msg`About`, to: '/about' },
  { label: msg`FAQ`, to: '/faq' },
  { label: msg`Contact`, to: '/contact' },
] as const;
