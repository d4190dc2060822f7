import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CardView, cardLimitAllows, formatUsd } from '@pria/contracts';
import { recurringDisclosure } from '@pria/contracts/legal/recurring-disclosure';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import columns from '../../components/columns.module.css';
import { afterChecks, laterChecks, useChecksStarted } from '../../components/form/later-checks.ts';
import { CardDetailsFields } from '../cards/card-details-fields.tsx';
import { CHARGE_AND_PAY_HELP, CHARGE_AND_PAY_LABEL } from '../cards/charge-and-pay-words.ts';
import { CardEntryUnavailable } from '../cards/microform/card-entry-unavailable.tsx';
import { useMicroform } from '../cards/microform/use-microform.ts';
import { useCardEntry, useCards } from '../cards/queries.ts';
import { useCustomer } from '../customer/queries.ts';
import type { Plan } from '../customer/types.ts';
import { emptyAddress, toAddressValues } from '../geography/address.ts';
import { AddressFields } from '../geography/address-fields.tsx';
import { renewsOn } from '../plans/plan-price.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import {
  type CheckoutValues,
  emptyCheckout,
  existingCardValues,
  type PaymentSource,
} from './checkout-values.ts';
import { ExistingCardList } from './existing-card-list.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useCheckoutSubmit } from './use-checkout-submit.ts';

/** The new card's checks (zod, the shared card and address schemas), loaded once the form is on screen. */
const checkoutChecks = laterChecks(() => import('./checkout-checks.ts'));

interface CheckoutFormProps {
  plan: Plan;
  onBack: () => void;
  onSubscribed: (result: SubscriptionResult) => void;
}

export function CheckoutForm({ plan, onBack, onSubscribed }: CheckoutFormProps) {
  const { i18n, t } = useLingui();
  const calendarLocale = useCalendarLocale();
  const customer = useCustomer();
  const cards = useCards();
  const [source, setSource] = useState<PaymentSource>('new');
  const [existingCardId, setExistingCardId] = useState<string | null>(null);
  // A new card joins the monthly $3 Charge & Pay only if the customer ticks it (never silently).
  const [chargeAndPay, setChargeAndPay] = useState(false);
  // The customer picked the source themselves: the saved-card default below no longer applies.
  const sourceChosen = useRef(false);
  // A new card's number and CVC: encrypted here (simulator) or typed into Microform (CyberSource).
  const entry = useCardEntry();
  const microform = useMicroform(entry.kind === 'microform' ? entry.captureContext : null);
  const hosted = entry.kind === 'microform' ? microform : undefined;
  const hostedRef = useRef(hosted);
  hostedRef.current = hosted;
  const form = useForm<CheckoutValues>({
    mode: 'controlled',
    initialValues: emptyCheckout,
    // The submit waits for the checks first (`afterChecks`).
    validate: (values) =>
      source === 'new'
        ? (checkoutChecks.current()?.newCardCheckoutErrors(values, hostedRef.current) ?? {})
        : {},
  });
  useChecksStarted(checkoutChecks);

  const chooseExisting = (card: CardView) => {
    setSource('existing');
    setExistingCardId(card.id);
    form.setValues(existingCardValues(card, toAddressValues(card.address)));
    form.clearErrors();
  };
  const checkout = useCheckoutSubmit({ onCardAdded: chooseExisting, onCardFieldErrors: form.setErrors });

  // A saved card is the default when there is one (issue 29; the spec's default was a new card):
  // the funding card, else the first.
  const savedCards = cards.data;
  useEffect(() => {
    if (sourceChosen.current || !savedCards?.length) return;
    sourceChosen.current = true;
    chooseExisting(savedCards.find((c) => c.isDefault) ?? (savedCards[0] as CardView));
  });

  // Spec: switching the source resets the form and forgets the chosen card.
  const switchSource = (next: string) => {
    sourceChosen.current = true;
    setSource(next as PaymentSource);
    setExistingCardId(null);
    form.setValues(emptyCheckout);
    form.clearErrors();
    hosted?.clear();
    checkout.clearFailure();
  };

  const toggleSameAsProfile = (checked: boolean) => {
    form.setFieldValue('sameAsProfile', checked);
    form.setFieldValue('address', checked ? toAddressValues(customer.data?.address) : emptyAddress);
    form.setFieldValue('phone', checked ? (customer.data?.phone ?? '') : '');
  };

  const validateThenSubmit = form.onSubmit(async (values) => {
    const result = await checkout.submit({
      planId: plan.id,
      source,
      values,
      existingCardId,
      isFirstCard: (cards.data ?? []).length === 0,
      chargeAndPay: chargeAndPay && cardLimitAllows(cards.data ?? [], { chargeAndPay: true }),
      hosted,
    });
    if (result) onSubscribed(result);
  });
  const submit = afterChecks(checkoutChecks, validateThenSubmit);

  const existingCards = cards.data ?? [];
  // The card limit (issue 40): 3 in Charge & Pay, and one more that only pays for the plan.
  const roomInChargeAndPay = cardLimitAllows(existingCards, { chargeAndPay: true });
  const roomForNewCard = cardLimitAllows(existingCards, { chargeAndPay: false });
  return (
    <div className={`${columns.grid} ${columns.wideGap}`}>
      <div className={columns.asideFromMd}>
        <OrderSummary plan={plan} />
      </div>
      <div className={columns.mainFromMd}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate aria-label={t`Payment`}>
            <Stack gap="lg">
              <Title order={2} size="h4" c="navy.9">
                <Trans>Payment method</Trans>
              </Title>
              <Radio.Group
                value={source}
                onChange={switchSource}
                name="payment-source"
                aria-label={t`Payment method`}
              >
                <Group gap="xl">
                  <Radio value="new" label={t`New Credit/Debit card`} disabled={!roomForNewCard} />
                  <Radio
                    value="existing"
                    label={t`Choose existing card`}
                    disabled={existingCards.length === 0}
                  />
                </Group>
              </Radio.Group>
              {source === 'existing' && (
                <ExistingCardList
                  cards={existingCards}
                  value={existingCardId}
                  onChange={(id) => {
                    const card = existingCards.find((c) => c.id === id);
                    if (card) chooseExisting(card);
                  }}
                />
              )}
              {source === 'new' && entry.kind === 'unavailable' && (
                <CardEntryUnavailable retry={entry.retry} />
              )}
              {hosted ? (
                // Microform's frames stay in the page while an existing card is shown instead.
                <>
                  <div hidden={source !== 'new'}>
                    <CardDetailsFields form={form} hosted={hosted} />
                  </div>
                  {source === 'existing' && <CardDetailsFields form={form} readOnly />}
                </>
              ) : (
                <CardDetailsFields
                  form={form}
                  readOnly={source === 'existing'}
                  entryPending={source === 'new' && entry.kind !== 'encrypted'}
                />
              )}
              {source === 'new' && (
                <>
                  <Checkbox
                    label={t`Use same as profile address`}
                    checked={form.values.sameAsProfile}
                    onChange={(event) => toggleSameAsProfile(event.currentTarget.checked)}
                  />
                  {!form.values.sameAsProfile && <AddressFields form={form} required />}
                  <Checkbox
                    label={i18n._(CHARGE_AND_PAY_LABEL)}
                    description={
                      roomInChargeAndPay
                        ? i18n._(CHARGE_AND_PAY_HELP)
                        : t`You already use 3 cards for Charge & Pay, the most a plan covers.`
                    }
                    checked={chargeAndPay && roomInChargeAndPay}
                    disabled={!roomInChargeAndPay}
                    onChange={(event) => setChargeAndPay(event.currentTarget.checked)}
                  />
                  {!(chargeAndPay && roomInChargeAndPay) && (
                    <Text size="sm" c="dimmed">
                      <Trans>This card will only pay for your plan: it is not charged the monthly $3.</Trans>
                    </Text>
                  )}
                </>
              )}
              {checkout.failure && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t`Payment not completed`}>
                  {checkout.failure}
                </Alert>
              )}
              <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="renewal-terms">
                <Text size="sm" fw={600} c="navy.9">
                  <Trans>Automatic renewal</Trans>
                </Text>
                <Text size="sm">
                  {recurringDisclosure.text(
                    {
                      planName: plan.name,
                      totalCents: plan.total,
                      intervalCount: plan.intervalCount,
                      renewsOn: renewsOn(plan, undefined, calendarLocale),
                    },
                    currentLanguage(),
                  )}
                </Text>
              </Paper>
              <Text size="sm" c="dimmed">
                <Trans>
                  By submitting this form, you agree to our{' '}
                  <Anchor component={Link} to="/terms" target="_blank">
                    terms of service
                  </Anchor>{' '}
                  and{' '}
                  <Anchor component={Link} to="/policy" target="_blank">
                    privacy policy
                  </Anchor>
                  .
                </Trans>
              </Text>
              <Group justify="space-between">
                <Button variant="default" onClick={onBack} disabled={checkout.pending}>
                  <Trans>Back to plans</Trans>
                </Button>
                {/* The amount on the button (issue 29): what pressing it does, in dollars. */}
                <Button type="submit" loading={checkout.pending}>
                  <Trans>Pay {formatUsd(plan.total)}</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </div>
    </div>
  );
}
