/** Consent records (issue 32): what each customer agreed to, which version, when and from where. */

export { consentRoutes as registerConsentRoutes } from './consents.routes.ts';
