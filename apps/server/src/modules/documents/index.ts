import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { documentsRoutes } from './documents.routes.ts';

export async function registerDocumentRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await documentsRoutes(app, deps);
}
