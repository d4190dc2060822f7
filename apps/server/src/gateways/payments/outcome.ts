import { GatewayError, GatewayTimeout } from './port.ts';

/**
 * What a call that moves money tells us, whatever it moved (a charge, a pay-back, a refund), in
 * one place (issue 28): every caller maps the processor's answers and failures the same way.
 * - an answer: its status, reason, transaction id and (a charge) the bank's page;
 * - the processor refused the request itself (`GatewayError`): no money moved; the caller's own
 *   failure status (`declined`, `failed`) with the processor's words;
 * - anything else (a timeout, a connection cut mid-call): the money may have moved. `unknown`,
 *   settled later by looking the reference up, never by sending blind.
 */
export interface MoneyOutcome<S extends string> {
  status: S | 'unknown';
  reason: string | null;
  gatewayTransactionId: string | null;
  sessionUrl: string | null;
  /** Set when the call failed in a way nobody expected (not a timeout): worth a log line. */
  unexpected?: unknown;
}

interface Answer<S extends string> {
  status: S;
  gatewayTransactionId: string;
  reason?: string;
  sessionUrl?: string;
}

export async function moneyOutcome<S extends string>(
  call: () => Promise<Answer<S>>,
  refusedAs: S,
): Promise<MoneyOutcome<S>> {
  try {
    return outcomeOf(await call());
  } catch (err) {
    if (err instanceof GatewayError)
      return { status: refusedAs, reason: err.message, gatewayTransactionId: null, sessionUrl: null };
    return {
      status: 'unknown',
      reason: null,
      gatewayTransactionId: null,
      sessionUrl: null,
      ...(err instanceof GatewayTimeout ? {} : { unexpected: err }),
    };
  }
}

/** An answer of the processor (to a call, or to a lookup of our reference) as an outcome. */
export function outcomeOf<S extends string>(a: Answer<S>): MoneyOutcome<S> {
  return {
    status: a.status,
    reason: a.reason ?? null,
    gatewayTransactionId: a.gatewayTransactionId,
    sessionUrl: a.sessionUrl ?? null,
  };
}
