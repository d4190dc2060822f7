export { registerSimulatorRoutes } from './sessions.routes.ts';
export { ensureSimulatorSchema } from './sim-schema.ts';
export {
  AUTHENTICATION_EXPIRED,
  AUTHENTICATION_WINDOW_MS,
  createSimulatorGateway,
  type SessionCompleted,
  SimulatorGateway,
  type SimulatorOptions,
} from './simulator-gateway.ts';
export { testCards } from './test-cards.ts';
