export { registerSimulatorRoutes } from './sessions.routes.ts';
export { ensureSimulatorSchema } from './sim-schema.ts';
export {
  createSimulatorGateway,
  type SessionCompleted,
  SimulatorGateway,
  type SimulatorOptions,
} from './simulator-gateway.ts';
export { testCards } from './test-cards.ts';
