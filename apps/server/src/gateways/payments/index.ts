export { type ConfiguredGateway, createPaymentGateway } from './create-gateway.ts';
export {
  CybersourceGateway,
  registerCybersourceRoutes,
  registerNotificationRoute,
} from './cybersource/index.ts';
export * from './port.ts';
export {
  AUTHENTICATION_WINDOW_MS,
  createSimulatorGateway,
  ensureSimulatorSchema,
  registerSimulatorRoutes,
  SimulatorGateway,
} from './simulator/index.ts';
