export {
  CybersourceGateway,
  createCybersourceGateway,
} from './cybersource-gateway.ts';

export { registerNotificationRoute } from './dispute-notifications.ts';
export { registerCybersourceRoutes } from './step-up.routes.ts';
