import { describe, expect, it } from 'vitest';
import { moneyOutcome, outcomeOf } from './outcome.ts';
import { GatewayError, GatewayTimeout } from './port.ts';

// One mapping of what a money call tells us (issue 28), for charges, pay-backs and refunds alike.
describe('moneyOutcome', () => {
  it("an answer is the processor's status, reason, transaction id and page", async () => {
    expect(
      await moneyOutcome(
        async () => ({
          status: 'declined' as const,
          reason: 'Insufficient funds',
          gatewayTransactionId: 'tx1',
        }),
        'declined',
      ),
    ).toEqual({
      status: 'declined',
      reason: 'Insufficient funds',
      gatewayTransactionId: 'tx1',
      sessionUrl: null,
    });
    expect(
      await moneyOutcome(
        async () => ({
          status: 'requires_authentication' as const,
          sessionUrl: 'https://bank',
          gatewayTransactionId: 'tx2',
        }),
        'declined',
      ),
    ).toEqual({
      status: 'requires_authentication',
      reason: null,
      gatewayTransactionId: 'tx2',
      sessionUrl: 'https://bank',
    });
  });

  it("a request the processor refused is the caller's failure status, in the processor's words: no money moved", async () => {
    const o = await moneyOutcome(async (): Promise<{ status: 'paid'; gatewayTransactionId: string }> => {
      throw new GatewayError('Instrument not found');
    }, 'failed');
    expect(o).toEqual({
      status: 'failed',
      reason: 'Instrument not found',
      gatewayTransactionId: null,
      sessionUrl: null,
    });
  });

  it('a timeout is unknown (looked up later), and not reported as unexpected', async () => {
    const o = await moneyOutcome(async (): Promise<{ status: 'refunded'; gatewayTransactionId: string }> => {
      throw new GatewayTimeout('refund:1');
    }, 'failed');
    expect(o.status).toBe('unknown');
    expect(o.unexpected).toBeUndefined();
  });

  it('any other failure mid-call is unknown too, and handed back as unexpected for a log line', async () => {
    const cut = new Error('socket hang up');
    const o = await moneyOutcome(async (): Promise<{ status: 'captured'; gatewayTransactionId: string }> => {
      throw cut;
    }, 'declined');
    expect(o).toMatchObject({ status: 'unknown', unexpected: cut });
  });

  it('a lookup answer maps the same way', () => {
    expect(
      outcomeOf({ status: 'returned' as const, reason: 'Account closed', gatewayTransactionId: 'tx3' }),
    ).toEqual({
      status: 'returned',
      reason: 'Account closed',
      gatewayTransactionId: 'tx3',
      sessionUrl: null,
    });
  });
});
