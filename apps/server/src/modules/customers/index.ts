export { currentCustomer } from './current-customer.ts';
export type { CustomerRow } from './customers.repo.ts';
export { customerRoutes as registerCustomerRoutes } from './customers.routes.ts';
