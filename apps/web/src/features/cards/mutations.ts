import { type CardView, type encryptCard, messages } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { customerKeys } from '../customer/queries.ts';
import { progressKeys } from '../progress/queries.ts';
import { subscriptionKeys } from '../subscription/queries.ts';
import { addressPayload, type CardFormState, expiryPayload } from './card-form-values.ts';
import { cardKeys, fetchCardPublicKey } from './queries.ts';

/** JWE encryption (jose, ~15 KB gzip) loads when a card is saved, not with every screen holding a card form. */
const encrypt: typeof encryptCard = (...args) =>
  import('@pria/contracts/card-encryption').then((m) => m.encryptCard(...args));

interface AddCardInput {
  values: CardFormState;
  isDefault?: boolean;
  /** Charge & Pay ($3 a month, paid back); checkout asks, the cards screens add cards for it. */
  chargeAndPay?: boolean;
  /**
   * CyberSource: the Microform fields' transient token for this expiry (useMicroform's
   * createToken). Absent: number and CVC are encrypted from `values`.
   */
  tokenize?: (expiry: { expirationMonth: number; expirationYear: number }) => Promise<string>;
}

/**
 * POST /cards. Number and CVC are encrypted in the browser to the gateway's public key and
 * sent as one JWE in `number`, or (CyberSource) typed into Microform's hosted fields, which hand
 * back a transient token sent as `number`: Pria's servers never see them in clear.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, isDefault = false, chargeAndPay = true, tokenize }: AddCardInput) => {
      const expiry = expiryPayload(values.expirationDate);
      const number = tokenize
        ? await tokenize(expiry)
        : await encrypt({ number: values.number, cvc: values.cvc }, await fetchCardPublicKey(queryClient));
      return dataOf(
        api.POST('/api/v1/cards', {
          body: {
            number,
            ...expiry,
            brand: values.brand,
            isDefault,
            chargeAndPay,
            name: values.name.trim(),
            address: addressPayload(values.address),
          },
        }),
      );
    },
    onSuccess: () => {
      notifySuccess(messages.cardAdded);
      void queryClient.invalidateQueries({ queryKey: cardKeys.list() });
      // The Upcoming panel lists the cards of the next $3 charge (issue 29: it stayed stale).
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      // The progress panel has a row per card (and shows only once there is one).
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
    // A decline carries the gateway's reason ('Your card was declined.'); otherwise the spec's text.
    onError: (error) => notifyApiError(error, messages.cardAddFailed),
  });
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      card,
      values,
      chargeAndPay,
    }: {
      card: CardView;
      values: CardFormState;
      chargeAndPay?: boolean;
    }) =>
      dataOf(
        api.PUT('/api/v1/cards/{cardId}', {
          params: { path: { cardId: card.id } },
          body: {
            cardId: card.id,
            ...expiryPayload(values.expirationDate),
            brand: card.brand,
            address: addressPayload(values.address),
            chargeAndPay,
          },
        }),
      ),
    onSuccess: () => {
      notifySuccess(messages.cardUpdated);
      void queryClient.invalidateQueries({ queryKey: cardKeys.list() });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
    onError: (error) => notifyApiError(error),
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      dataOf(api.DELETE('/api/v1/cards/{cardId}', { params: { path: { cardId } } })),
    onSuccess: () => {
      notifySuccess(messages.cardRemoved);
      void queryClient.invalidateQueries({ queryKey: cardKeys.list() });
      // The subscription may have lost its funding card.
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
    onError: (error) => notifyApiError(error),
  });
}
