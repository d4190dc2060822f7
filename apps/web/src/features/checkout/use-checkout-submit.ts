import { type CardView, messages } from '@pria/contracts';
import { useState } from 'react';
import { notifyError } from '../../app/notify.ts';
import { apiErrorText } from '../../components/notify-api-error.ts';
import { type MicroformFields, MicroformTokenError } from '../cards/microform/use-microform.ts';
import { useAddCard } from '../cards/mutations.ts';
import { type SubscriptionResult, useCreateSubscription } from '../subscription/mutations.ts';
import type { CheckoutValues, PaymentSource } from './checkout-values.ts';

interface SubmitInput {
  planId: string;
  source: PaymentSource;
  values: CheckoutValues;
  existingCardId: string | null;
  isFirstCard: boolean;
  /** A new card: the customer's answer to "Use this card for Charge & Pay". */
  chargeAndPay: boolean;
  /** CyberSource: the new card's number and CVC are in these Microform fields. */
  hosted?: MicroformFields;
}

/**
 * Continue: a new card is registered first (POST /cards), then the subscription is created
 * on it (POST /subscriptions); an existing card goes straight to the subscription. The
 * reason of a failure (e.g. the bank's decline) is kept for the form to show.
 */
export function useCheckoutSubmit({
  onCardAdded,
  onCardFieldErrors,
}: {
  onCardAdded: (card: CardView) => void;
  /** Microform refused a field: the form shows it there. */
  onCardFieldErrors?: (errors: MicroformTokenError['fieldErrors']) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [source, setSource] = useState<PaymentSource>('new');
  const addCard = useAddCard();
  const subscribe = useCreateSubscription({
    errorFallback: source === 'existing' ? messages.errorOnboarding : messages.cardAddFailed,
  });

  const submit = async ({
    planId,
    source: from,
    values,
    existingCardId,
    isFirstCard,
    chargeAndPay,
    hosted,
  }: SubmitInput) => {
    setFailure(null);
    setSource(from);
    let cardId = existingCardId;
    if (from === 'existing' && !cardId) {
      notifyError(messages.noFundingCard);
      setFailure(messages.noFundingCard);
      return undefined;
    }
    if (from === 'new') {
      try {
        const card = await addCard.mutateAsync(
          hosted
            ? {
                values: { ...values, brand: hosted.brand },
                isDefault: isFirstCard,
                chargeAndPay,
                tokenize: hosted.createToken,
              }
            : { values, isDefault: isFirstCard, chargeAndPay },
        );
        cardId = card.id;
        onCardAdded(card);
      } catch (error) {
        if (error instanceof MicroformTokenError) onCardFieldErrors?.(error.fieldErrors);
        setFailure(apiErrorText(error, messages.cardAddFailed));
        return undefined;
      }
    }
    try {
      return await subscribe.mutateAsync({ plan: planId, card: cardId as string });
    } catch (error) {
      setFailure(
        apiErrorText(error, from === 'existing' ? messages.errorOnboarding : messages.cardAddFailed),
      );
      return undefined;
    }
  };

  return {
    submit: submit as (input: SubmitInput) => Promise<SubscriptionResult | undefined>,
    failure,
    clearFailure: () => setFailure(null),
    pending: addCard.isPending || subscribe.isPending,
  };
}
