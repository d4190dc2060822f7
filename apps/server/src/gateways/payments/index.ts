export * from './port.ts';
export { createSimulatorGateway, registerSimulatorRoutes, SimulatorGateway } from './simulator/index.ts';
export { createPaymentGateway } from './create-gateway.ts';
