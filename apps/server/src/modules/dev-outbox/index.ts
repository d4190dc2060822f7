export { devOutboxRoutes } from './dev-outbox.routes.ts';
