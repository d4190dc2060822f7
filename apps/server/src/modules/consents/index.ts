/** Consent records (issue 32): what each customer agreed to, which version, when and from where. */
export { listConsents } from './consents.repo.ts';
export { consentRoutes as registerConsentRoutes } from './consents.routes.ts';
export { documentsFor, getOwnConsents } from './get-consents.ts';
