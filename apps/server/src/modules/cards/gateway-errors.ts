import { messages } from '@pria/contracts';
import {
  GatewayDeclined,
  GatewayError,
  GatewayInvalidCard,
  GatewayTimeout,
} from '../../gateways/payments/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * What a failed gateway call means to the customer: a decline is 402 with the issuer's reason,
 * unusable card data is 400 with the reason, anything else (timeout, outage) is 502.
 */
export function fromGatewayError(err: unknown): unknown {
  if (err instanceof GatewayDeclined) return new AppError('PAYMENT_DECLINED', err.reason);
  if (err instanceof GatewayInvalidCard) return new AppError('VALIDATION', err.reason);
  if (err instanceof GatewayTimeout || err instanceof GatewayError) {
    return new AppError('GATEWAY_ERROR', messages.gatewayUnavailable);
  }
  return err;
}
