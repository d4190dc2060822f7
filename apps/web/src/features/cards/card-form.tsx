import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CardView, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { focusFirstInvalid } from '../../components/form/focus-invalid.ts';
import { afterChecks, laterChecks, useChecksStarted } from '../../components/form/later-checks.ts';
import { apiErrorText, notifyApiError } from '../../components/notify-api-error.ts';
import type { AddressValues } from '../geography/address.ts';
import { AddressFields } from '../geography/address-fields.tsx';
import { fundingCardWords } from '../subscription/funding.ts';
import { paysForPlanInForce } from '../subscription/plan-card.ts';
import { useMySubscription, useUpcoming } from '../subscription/queries.ts';
import { CardDetailsFields } from './card-details-fields.tsx';
import {
  type CardFormState,
  cardDetailFields,
  cardToForm,
  emptyCardForm,
  prefilledCardName,
} from './card-form-values.ts';
import { CHARGE_AND_PAY_HELP, CHARGE_AND_PAY_LABEL } from './charge-and-pay-words.ts';
import { CardEntryUnavailable } from './microform/card-entry-unavailable.tsx';
import { MicroformTokenError, useMicroform } from './microform/use-microform.ts';
import { useAddCard, useRemoveCard, useUpdateCard } from './mutations.ts';
import { useCardEntry, useCards } from './queries.ts';
import { removeCardWords } from './remove-card-words.ts';

/** The card form's checks (zod, the shared card and address schemas), loaded once the form is on screen. */
const cardChecks = laterChecks(() => import('./card-checks.ts'));

interface CardFormProps {
  /** Present: edit this card. Absent: add a new one. */
  card?: CardView;
  defaultName?: string;
  /** Billing address prefilled from the profile. */
  defaultAddress?: AddressValues;
  isDefault?: boolean;
  onDone: (card?: CardView) => void;
  /** Opens the add-card form in this card's place (the funding card's warning offers it). */
  onAddInstead?: () => void;
  /** Told which step shows, so a page around the form offers one way back, not two (onboarding). */
  onStepChange?: (step: 0 | 1) => void;
  /** The billing step's way back: the spec's 'Previous'; onboarding calls every way back 'Back'. */
  backLabel?: string;
}

/** The two-step card form (card details, then billing address) of the add and edit modals. */
export function CardForm({
  card,
  defaultName = '',
  defaultAddress,
  isDefault = false,
  onDone,
  onAddInstead,
  onStepChange,
  backLabel,
}: CardFormProps) {
  const { i18n, t } = useLingui();
  const locale = useCalendarLocale();
  const editing = Boolean(card);
  const [step, setStep] = useState<0 | 1>(0);
  // A step changed by the customer (Next, Enter, Previous) puts the keyboard on its first field:
  // the button pressed is gone, and focus fell back to the page's start (a walk).
  const formRef = useRef<HTMLFormElement>(null);
  const movedTo = useRef<0 | 1 | null>(null);
  const goToStep = (next: 0 | 1) => {
    movedTo.current = next;
    setStep(next);
  };
  useEffect(() => {
    if (movedTo.current !== step) return;
    movedTo.current = null;
    const fields = formRef.current?.querySelectorAll<HTMLElement>(
      'input:not([disabled]), select:not([disabled])',
    );
    Array.from(fields ?? [])
      .find((field) => field.offsetParent !== null && field.getAttribute('type') !== 'hidden')
      ?.focus();
  }, [step]);
  useEffect(() => onStepChange?.(step), [step, onStepChange]);
  // Editing: the card joins or leaves the monthly $3 Charge & Pay (a checkout card may only pay the plan).
  const [chargeAndPay, setChargeAndPay] = useState(card?.chargeAndPay ?? true);
  // Why the bank or the processor refused the card, kept in the form (a toast alone vanishes).
  const [refusal, setRefusal] = useState<string | null>(null);
  // How the processor takes a new card: encrypted here (simulator) or in Microform's fields (CyberSource).
  const entry = useCardEntry(!editing);
  const microform = useMicroform(entry.kind === 'microform' ? entry.captureContext : null);
  const hosted = !editing && entry.kind === 'microform' ? microform : undefined;
  const hostedRef = useRef(hosted);
  hostedRef.current = hosted;
  const form = useForm<CardFormState>({
    mode: 'controlled',
    // A refusal answers the details as they were sent: changing them takes it away (the walk saw
    // "already registered" stay after the number was corrected).
    onValuesChange: () => setRefusal(null),
    initialValues: card
      ? cardToForm(card)
      : {
          ...emptyCardForm,
          name: prefilledCardName(defaultName),
          address: defaultAddress ?? emptyCardForm.address,
        },
    // Every path here waits for the checks first (`next`, `afterChecks`).
    validate: (values) =>
      cardChecks.current()?.cardFormErrors(values, { editing, hosted: hostedRef.current }) ?? {},
  });
  useChecksStarted(cardChecks);
  const addCard = useAddCard();
  const updateCard = useUpdateCard();
  const removeCard = useRemoveCard();
  const subscription = useMySubscription({ enabled: editing });
  // What is still owed back to the card, named before it is removed (issue 40).
  const upcoming = useUpcoming({ enabled: editing });
  const cards = useCards();
  const navigate = useNavigate();
  const busy = addCard.isPending || updateCard.isPending || removeCard.isPending;

  const next = async () => {
    try {
      await cardChecks.ready();
    } catch (error) {
      notifyApiError(error);
      return;
    }
    const { errors } = form.validate();
    const stepErrors = Object.fromEntries(
      Object.entries(errors).filter(([key]) => (cardDetailFields as readonly string[]).includes(key)),
    );
    form.setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) goToStep(1);
    else focusFirstInvalid(formRef.current);
  };

  const validateThenSubmit = form.onSubmit(
    (values) => {
      setRefusal(null);
      if (card)
        updateCard.mutate(
          {
            card,
            values,
            chargeAndPay: chargeAndPay === card.chargeAndPay ? undefined : chargeAndPay,
          },
          { onSuccess: (saved) => onDone(saved) },
        );
      else
        addCard.mutate(
          // With Microform, the brand is the one it detected in its number field.
          hosted
            ? { values: { ...values, brand: hosted.brand }, isDefault, tokenize: hosted.createToken }
            : { values, isDefault },
          {
            onSuccess: (saved) => onDone(saved),
            onError: (error) => {
              // Microform found a field wrong: show it where it was typed.
              if (!(error instanceof MicroformTokenError)) {
                setRefusal(apiErrorText(error, messages.cardAddFailed));
                return;
              }
              form.setErrors(error.fieldErrors);
              if (Object.keys(error.fieldErrors).length) setStep(0);
            },
          },
        );
    },
    (errors) => {
      if (Object.keys(errors).some((key) => (cardDetailFields as readonly string[]).includes(key)))
        setStep(0);
    },
  );
  const validateAndSubmit = afterChecks(cardChecks, validateThenSubmit);
  // The first step's Next is the form's submit button, so Enter in a card field goes on to the address as
  // a click would (with no submit button on the step, the browser's Enter did nothing).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (step === 1) return validateAndSubmit(event);
    event.preventDefault();
    void next();
  };

  const remove = () => {
    if (!card) return;
    // The card paying for the plan stays until another funds it (issue 40): say so, and offer the way.
    const sub = subscription.data;
    if (sub && paysForPlanInForce(sub, card.id)) {
      const others = (cards.data ?? []).filter((c) => c.id !== card.id).length;
      confirmAction({
        title: t`This card pays for your plan`,
        ...fundingCardWords(sub, others, locale),
        labels: {
          confirm: others > 0 ? t`Change funding card` : t`Add another card`,
          cancel: t`Go back`,
        },
        onConfirm: () => {
          // No other card: the add-card form opens here (the walk found "Add another card" only
          // closing the dialogs). Another card: the funding card is changed on the payment page.
          if (others === 0 && onAddInstead) return onAddInstead();
          onDone();
          navigate('/dashboard/account/payment');
        },
      });
      return;
    }
    const words = removeCardWords(card, upcoming.data?.payBacksOwed ?? [], locale);
    confirmAction({
      title: words.title,
      message: words.message,
      details: words.details,
      danger: true,
      labels: { confirm: words.confirm, cancel: t`Cancel` },
      onConfirm: () => removeCard.mutate(card.id, { onSuccess: () => onDone() }),
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={editing ? t`Edit card` : t`Add card`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {step === 0 ? (
            <Trans>Step 1 of 2: Card details</Trans>
          ) : (
            <Trans>Step 2 of 2: Billing address</Trans>
          )}
        </Text>
        {entry.kind === 'unavailable' && step === 0 && <CardEntryUnavailable retry={entry.retry} />}
        {hosted ? (
          // Microform's frames hold what was typed: they stay in the page (hidden) on the next step.
          <>
            <div hidden={step !== 0}>
              <CardDetailsFields form={form} hosted={hosted} />
            </div>
            {step === 1 && <AddressFields form={form} required />}
          </>
        ) : step === 0 ? (
          <CardDetailsFields
            form={form}
            lockSecret={editing}
            lockName={editing}
            entryPending={!editing && entry.kind !== 'encrypted'}
          />
        ) : (
          <AddressFields form={form} required />
        )}
        {editing && step === 0 && (
          <Checkbox
            label={i18n._(CHARGE_AND_PAY_LABEL)}
            description={i18n._(CHARGE_AND_PAY_HELP)}
            checked={chargeAndPay}
            onChange={(event) => setChargeAndPay(event.currentTarget.checked)}
          />
        )}
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle />} title={t`Card not added`} role="alert">
            {refusal} <Trans>Check the details or try another card.</Trans>
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          {editing ? (
            <Button
              variant="subtle"
              color="red"
              onClick={remove}
              loading={removeCard.isPending}
              disabled={busy}
            >
              <Trans>Remove Card</Trans>
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {step === 1 && (
              <Button variant="default" onClick={() => goToStep(0)} disabled={busy}>
                {backLabel ?? t`Previous`}
              </Button>
            )}
            {step === 0 ? (
              // Distinct keys: the step's own button each (a focus or a press is not carried over).
              <Button key="next" type="submit" disabled={busy}>
                <Trans>Next</Trans>
              </Button>
            ) : (
              <Button
                key="submit"
                type="submit"
                loading={addCard.isPending || updateCard.isPending}
                disabled={busy}
              >
                {editing ? t`Save Changes` : t`Add Card`}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
