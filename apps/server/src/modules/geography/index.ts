export { geographyRoutes as registerGeographyRoutes } from './geography.routes.ts';
