import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { adminRoutes } from './admin.routes.ts';
import { openGeoIp } from './geoip.ts';
import { operationsRoutes } from './operations.routes.ts';
import { staffRoutes } from './staff/staff.routes.ts';

/**
 * The admin portal's API (clients, transactions, logs, metrics; exports, audit trail, staff). GEOIP_DB_PATH, when set,
 * names a MaxMind City database used to place sign-ins on the client detail page.
 */
export async function registerAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const geo = await openGeoIp(process.env.GEOIP_DB_PATH, deps.logger);
  await adminRoutes(app, { ...deps, geo });
  await operationsRoutes(app, deps);
  await staffRoutes(app, deps);
}
