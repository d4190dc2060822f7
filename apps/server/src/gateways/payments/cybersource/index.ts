export {
  CybersourceGateway,
  type CybersourceOptions,
  createCybersourceGateway,
} from './cybersource-gateway.ts';
export { signRequest } from './cybersource-signer.ts';
export {
  type NotificationKey,
  registerNotificationRoute,
  signNotification,
} from './dispute-notifications.ts';
export { registerCybersourceRoutes } from './step-up.routes.ts';
