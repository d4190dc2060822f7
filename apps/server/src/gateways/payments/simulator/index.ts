export { registerSimulatorRoutes } from './sessions.routes.ts';
export {
  createSimulatorGateway,
  type SessionCompleted,
  SimulatorGateway,
  type SimulatorOptions,
} from './simulator-gateway.ts';
export { testCards } from './test-cards.ts';
