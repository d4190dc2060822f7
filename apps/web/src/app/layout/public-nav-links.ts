/** The public header's page links (Log In and Sign Up are buttons beside them). */
export const publicNavLinks = [
  { label: 'About', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
] as const;
