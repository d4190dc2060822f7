import { messages } from '@pria/contracts';
import type { JWK } from 'jose';
import type { PaymentGateway } from '../../gateways/payments/index.ts';
import { notFound } from '../../platform/errors.ts';
import { fromGatewayError } from './gateway-errors.ts';

/** A processor whose browser-side card entry is hosted fields (CyberSource Microform). */
type HostedFieldsGateway = PaymentGateway & { captureContext(): Promise<string> };

const usesHostedFields = (gateway: PaymentGateway): gateway is HostedFieldsGateway =>
  typeof (gateway as Partial<HostedFieldsGateway>).captureContext === 'function';

/**
 * What the browser needs before a card is typed, one of two ways depending on the processor:
 * the key it encrypts `{ number, cvc }` to (the simulator), or a capture context that starts
 * the processor's hosted fields (CyberSource Microform). Asking the other way answers 404 with
 * a message naming the right one, so a client can tell "wrong question" from an outage (502).
 */
export async function cardEncryptionKey(gateway: PaymentGateway): Promise<JWK> {
  if (usesHostedFields(gateway)) throw notFound(messages.cardEntryUsesHostedFields);
  return gateway.publicKey().catch((err: unknown) => {
    throw fromGatewayError(err);
  });
}

/** The capture context (a JWT signed by the processor) the browser hands to Microform. */
export async function cardCaptureContext(gateway: PaymentGateway): Promise<{ captureContext: string }> {
  if (!usesHostedFields(gateway)) throw notFound(messages.cardEntryUsesEncryption);
  const captureContext = await gateway.captureContext().catch((err: unknown) => {
    throw fromGatewayError(err);
  });
  return { captureContext };
}
