import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { createSimulatorGateway, type SimulatorGateway } from './simulator/index.ts';

/** The payment processor the configuration names (PAYMENT_GATEWAY); the simulator by default. */
export async function createPaymentGateway(
  config: Config,
  db: Db,
  databaseUrl?: string,
): Promise<SimulatorGateway> {
  return createSimulatorGateway({
    db,
    connectionString: databaseUrl,
    publicUrl: config.publicUrl,
    latencyMs: config.payments.simulatorLatencyMs,
    faultRate: config.payments.simulatorFaultRate,
  });
}
