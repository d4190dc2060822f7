export { registerSimulatorRoutes } from './sessions.routes.ts';
export { ensureSimulatorSchema } from './sim-schema.ts';
export {
  AUTHENTICATION_WINDOW_MS,
  createSimulatorGateway,
  SimulatorGateway,
} from './simulator-gateway.ts';
