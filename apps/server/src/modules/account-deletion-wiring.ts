import type { PaymentGateway } from '../gateways/payments/port.ts';
import {
  registerAccountDeletionStep,
  registerOwedPaybackCheck,
  registerPlanEndedByDeletion,
} from './account/index.ts';
import { moneyOwedToCustomer } from './billing/index.ts';
import { eraseCardsOf, releaseInstrumentsOf } from './cards/index.ts';
import { rememberDeletedIdentity } from './customers/index.ts';
import { discardDataExports } from './data-export/index.ts';
import { removeAllPushDevices } from './notifications/index.ts';
import { planEndedByDeletion, stopSubscriptionsOf } from './subscriptions/index.ts';

/**
 * What the other modules do when a customer deletes their account (see account/README.md):
 * the subscription stops, card details are erased and the cards retired in the same
 * transaction as the profile erasure; the processor deletes the instruments afterwards.
 * Deletion is refused while a pay-in is in flight or not yet paid back.
 */
export function wireAccountDeletion(payments: PaymentGateway): void {
  registerOwedPaybackCheck(moneyOwedToCustomer);
  registerPlanEndedByDeletion(planEndedByDeletion);

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
    run: ({ db, customerId }) => stopSubscriptionsOf(db, customerId),
  });

  registerAccountDeletionStep({
    name: 'erase cards',
    phase: 'in-transaction',
    run: ({ db, customerId }) => eraseCardsOf(db, customerId),
  });

  registerAccountDeletionStep({
    name: 'delete gateway instruments',
    phase: 'after-commit',
    run: ({ db, customerId }) => releaseInstrumentsOf(db, payments, customerId),
  });
}
