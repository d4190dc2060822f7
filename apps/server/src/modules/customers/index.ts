export { currentCustomer, payingCustomer } from './current-customer.ts';
export { markEmailVerified, markOnboarded } from './customers.repo.ts';
export { customerRoutes as registerCustomerRoutes } from './customers.routes.ts';
export { rememberDeletedIdentity } from './deleted-identities.ts';
export type { CustomerRecordParts } from './get-customer.ts';
