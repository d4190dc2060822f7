export { isAdministrativeArea } from './administrative-areas.ts';
export { geographyRoutes as registerGeographyRoutes } from './geography.routes.ts';
