import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { type CardView, MAX_CARDS, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { notifySuccess } from '../../app/notify.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { useDelayedAction } from '../../components/use-delayed-action.ts';
import { useFocusStaysIn } from '../../components/use-focus-stays-in.ts';
import { CardForm } from '../cards/card-form.tsx';
import { CardTile } from '../cards/card-tile.tsx';
import { useRemoveCard } from '../cards/mutations.ts';
import { useCards } from '../cards/queries.ts';
import { removeCardWords } from '../cards/remove-card-words.ts';
import type { Customer } from '../customer/types.ts';
import { fullName } from '../customer/types.ts';
import { toAddressValues } from '../geography/address.ts';
import { useUpcoming } from '../subscription/queries.ts';
import { onboardingWords } from './onboarding-words.ts';

interface CardsStepProps {
  customer: Customer;
  onBack: () => void;
  /** At once, when the step is complete (the page saves the next step then). */
  onSaved: () => void;
  /** 1 s later (the spec's pause): the next step shows. */
  onDone: () => void;
}

/** Step 1: add up to 3 cards inline; cards added during this onboarding can be removed with X. */
export function CardsStep({ customer, onBack, onSaved, onDone }: CardsStepProps) {
  const { i18n, t } = useLingui();
  const locale = useCalendarLocale();
  const cards = useCards();
  const removeCard = useRemoveCard();
  const listRef = useRef<HTMLElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  // A card removed with its X: the keyboard goes to the list's heading, not to the page's body.
  useFocusStaysIn(listRef, listHeadingRef);
  const upcoming = useUpcoming();
  const later = useDelayedAction();
  const [addedIds, setAddedIds] = useSessionStorage<string[]>({
    key: 'onboarding_new_cards',
    defaultValue: [],
  });
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  // One way back at a time (issue 40: "Previous" and "Back" side by side): on the billing step the
  // form's own Back returns to the card details; on the card details, this step's Back to the profile.
  const [formStep, setFormStep] = useState<0 | 1>(0);
  const list = cards.data ?? [];
  const name = fullName(customer);
  const showsForm = list.length < MAX_CARDS;

  const remove = (card: CardView) => {
    const words = removeCardWords(card, upcoming.data?.payBacksOwed ?? [], locale);
    confirmAction({
      title: words.title,
      message: words.message,
      details: words.details,
      danger: true,
      labels: { confirm: words.confirm, cancel: t`Cancel` },
      onConfirm: () => removeCard.mutate(card.id),
    });
  };

  const next = () => {
    if (list.length === 0) {
      setError(i18n._(onboardingWords[messages.atLeastOneCard]));
      return;
    }
    setAdvancing(true);
    notifySuccess(i18n._(onboardingWords[messages.cardsAdded]));
    onSaved();
    later(onDone, 1000);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} size="h3" c="navy.9">
          <Trans>Add your cards</Trans>
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          <Trans>
            Add up to {MAX_CARDS} Visa or Mastercard credit cards. Each one gets a $3 monthly charge that we
            pay off.
          </Trans>
        </Text>
        {showsForm ? (
          <CardForm
            key={formKey}
            defaultName={name}
            defaultAddress={toAddressValues(customer.address)}
            isDefault={list.length === 0}
            backLabel={t`Back`}
            onStepChange={setFormStep}
            onDone={(card) => {
              if (card) setAddedIds((ids) => [...ids, card.id]);
              setError(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <Text size="sm">
            <Trans>You have added the maximum of {MAX_CARDS} cards.</Trans>
          </Text>
        )}
      </Paper>
      <section ref={listRef} aria-labelledby="onboarding-cards-heading">
        <Title
          ref={listHeadingRef}
          tabIndex={-1}
          order={3}
          size="h4"
          id="onboarding-cards-heading"
          c="navy.9"
          mb="sm"
        >
          <Trans>
            Your cards ({list.length}/{MAX_CARDS})
          </Trans>
        </Title>
        {cards.isPending ? (
          <Skeleton height={170} radius={16} maw={360} />
        ) : list.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No cards yet.</Trans>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {list.map((card) => (
              <CardTile
                key={card.id}
                card={card}
                holderName={name}
                onRemove={addedIds.includes(card.id) ? remove : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify={showsForm && formStep === 1 ? 'flex-end' : 'space-between'}>
        {!(showsForm && formStep === 1) && (
          <Button variant="default" onClick={onBack}>
            <Trans>Back</Trans>
          </Button>
        )}
        <Button onClick={next} loading={advancing}>
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
