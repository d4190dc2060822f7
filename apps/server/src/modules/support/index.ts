export { supportRoutes as registerSupportRoutes } from './support.routes.ts';
