import type { PaymentGateway } from '../gateways/payments/port.ts';
import { registerAccountDeletionStep, registerOwedPaybackCheck } from './account/index.ts';
import { moneyOwedToCustomer } from './billing/index.ts';
import { rememberDeletedIdentity } from './customers/index.ts';
import { discardDataExports } from './data-export/index.ts';
import { removeAllPushDevices } from './notifications/index.ts';

/**
 * What the other modules do when a customer deletes their account (see account/README.md):
 * the subscription stops, card details are erased and the cards retired in the same
 * transaction as the profile erasure; the processor deletes the instruments afterwards.
 * Deletion is refused while a pay-in is in flight or not yet paid back.
 */
export function wireAccountDeletion(payments: PaymentGateway): void {
  registerOwedPaybackCheck(moneyOwedToCustomer);

  registerAccountDeletionStep({
    name: 'refuse the identity from now on',
    phase: 'in-transaction',
    async run({ db, customerId }) {
      const row = await db
        .selectFrom('customers')
        .select(['issuer', 'subject'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      await rememberDeletedIdentity(db, row.issuer, row.subject);
    },
  });

  registerAccountDeletionStep({
    name: 'remove push devices',
    phase: 'in-transaction',
    async run({ db, customerId }) {
      await removeAllPushDevices(db, customerId);
    },
  });

  registerAccountDeletionStep({
    name: 'discard prepared data files',
    phase: 'in-transaction',
    async run({ db, customerId }) {
      await discardDataExports(db, customerId);
    },
  });

  registerAccountDeletionStep({
    name: 'cancel subscription',
    phase: 'in-transaction',
    async run({ db, customerId }) {
      await db
        .updateTable('subscriptions')
        .set({ status: 'inactive', is_enabled: false, updated_at: new Date() })
        .where('customer_id', '=', customerId)
        .execute();
    },
  });

  registerAccountDeletionStep({
    name: 'erase cards',
    phase: 'in-transaction',
    async run({ db, customerId }) {
      // The rows stay (payments reference them) with only brand, last four and expiry.
      await db
        .updateTable('cards')
        .set({
          name: '[erased]',
          address1: '[erased]',
          address2: null,
          locality: '[erased]',
          postal_code: '00000',
          is_default: false,
          removed_at: new Date(),
          updated_at: new Date(),
        })
        .where('customer_id', '=', customerId)
        .execute();
    },
  });

  registerAccountDeletionStep({
    name: 'delete gateway instruments',
    phase: 'after-commit',
    async run({ db, customerId }) {
      const cards = await db
        .selectFrom('cards')
        .select(['id', 'instrument_id'])
        .where('customer_id', '=', customerId)
        .where('instrument_released_at', 'is', null)
        .execute();
      for (const card of cards) {
        await payments.deleteInstrument(card.instrument_id);
        await db
          .updateTable('cards')
          .set({ instrument_released_at: new Date() })
          .where('id', '=', card.id)
          .execute();
      }
    },
  });
}
