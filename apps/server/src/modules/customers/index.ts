export { currentCustomer } from './current-customer.ts';
export { customerRoutes as registerCustomerRoutes } from './customers.routes.ts';
export type { CustomerRow } from './customers.repo.ts';
