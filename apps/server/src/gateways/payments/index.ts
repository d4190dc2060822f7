export { createPaymentGateway } from './create-gateway.ts';
export * from './port.ts';
export { createSimulatorGateway, registerSimulatorRoutes, SimulatorGateway } from './simulator/index.ts';
