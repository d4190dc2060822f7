import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { type CybersourceGateway, createCybersourceGateway } from './cybersource/index.ts';
import { createSimulatorGateway, type SimulatorGateway } from './simulator/index.ts';

/** Every adapter the configuration can name; both can be closed on shutdown. */
export type ConfiguredGateway = SimulatorGateway | CybersourceGateway;

/** The payment processor the configuration names (PAYMENT_GATEWAY); the simulator by default. */
export async function createPaymentGateway(
  config: Config,
  db: Db,
  databaseUrl?: string,
  /** The app's clock: the simulator's disputes open N days after a capture by it. */
  clock?: () => Date,
): Promise<ConfiguredGateway> {
  if (config.payments.gateway === 'cybersource') {
    const credentials = config.payments.cybersource;
    // loadConfig already refuses this; the guard keeps a hand-built Config honest.
    if (!credentials) throw new Error('PAYMENT_GATEWAY=cybersource needs the CYBERSOURCE_ settings');
    // Microform may only be embedded on our own pages; 3-D Secure steps up through our page.
    return createCybersourceGateway({
      ...credentials,
      targetOrigins: [config.publicUrl],
      publicUrl: config.publicUrl,
    });
  }
  return createSimulatorGateway({
    db,
    connectionString: databaseUrl,
    publicUrl: config.publicUrl,
    latencyMs: config.payments.simulatorLatencyMs,
    faultRate: config.payments.simulatorFaultRate,
    clock,
  });
}
