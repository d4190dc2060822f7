import { Anchor, Group, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@pria/contracts';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { notifySuccess } from '../../app/notify.ts';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useDelayedAction } from '../../components/use-delayed-action.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CheckoutView } from '../checkout/checkout-view.tsx';
import { useSaveOnboardingIndex } from '../customer/mutations.ts';
import { useCustomer } from '../customer/queries.ts';
import { usePlans } from '../plans/queries.ts';
import { CardsStep } from './cards-step.tsx';
import { chooseLater } from './later-flag.ts';
import { PlanStep } from './plan-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { WelcomeScreen } from './welcome-screen.tsx';

/** Steps of the wizard; the server keeps the index to come back to (4 = finished). */
const STEPS = ['Profile', 'Cards', 'Plan', 'Checkout'] as const;
const DONE_INDEX = 4;

export default function OnboardingPage() {
  useDocumentTitle('Welcome');
  const customer = useCustomer();
  const navigate = useNavigate();
  const later = useDelayedAction();
  const saveIndex = useSaveOnboardingIndex();
  const narrow = useMediaQuery('(max-width: 500px)', false, { getInitialValueInEffect: false });
  const [started, setStarted] = useState(false);
  const [step, setStep] = useState<number | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);

  if (customer.isPending) return <FullScreenLoader />;
  if (!customer.data) return <Navigate to="/dashboard" replace />;
  const me = customer.data;
  const current = step ?? me.onBoardingIndex;
  // Spec: any index outside the four steps goes to the dashboard.
  if (current < 0 || current >= STEPS.length) return <Navigate to="/dashboard" replace />;

  const doLater = () => {
    chooseLater(me.id);
    navigate('/dashboard');
  };
  const goTo = (index: number) => setStep(index);
  const complete = (next: number) => {
    saveIndex.mutate(next);
    setStep(next);
  };

  if (!started) {
    return (
      <WelcomeScreen
        firstTime={me.onBoardingIndex === 0}
        onStart={() => setStarted(true)}
        onLater={doLater}
      />
    );
  }

  return (
    <Stack gap="xl" maw={1040} mx="auto">
      <Group justify="space-between" align="center">
        <Stepper
          active={current}
          size="sm"
          allowNextStepsSelect={false}
          aria-label="Onboarding steps"
          style={{ flex: 1, minWidth: 260 }}
          orientation="horizontal"
        >
          {STEPS.map((label) => (
            <Stepper.Step key={label} label={narrow ? undefined : label} aria-label={label} />
          ))}
        </Stepper>
        <Anchor component="button" type="button" size="sm" onClick={doLater}>
          {messages.webDoThisLater}
        </Anchor>
      </Group>
      {current === 0 && <ProfileStep customer={me} onDone={() => complete(1)} />}
      {current === 1 && <CardsStep customer={me} onBack={() => goTo(0)} onDone={() => complete(2)} />}
      {current === 2 && (
        <PlanStep planId={planId} onChange={setPlanId} onBack={() => goTo(1)} onDone={() => complete(3)} />
      )}
      {current === 3 && (
        <CheckoutStep
          planId={planId}
          onBack={() => goTo(2)}
          onFinished={(pending) => {
            saveIndex.mutate(DONE_INDEX);
            if (pending) return;
            notifySuccess(messages.onboardingCompleted);
            later(() => navigate('/dashboard'), 1000);
          }}
          onPendingContinue={() => navigate('/dashboard')}
        />
      )}
    </Stack>
  );
}

interface CheckoutStepProps {
  planId: string | null;
  onBack: () => void;
  onFinished: (pending: boolean) => void;
  onPendingContinue: () => void;
}

/** Step 3: checkout for the plan picked in step 2 (the last plan when coming back later). */
function CheckoutStep({ planId, onBack, onFinished, onPendingContinue }: CheckoutStepProps) {
  const plans = usePlans();
  return (
    <CheckoutView
      planId={planId ?? plans.data?.[plans.data.length - 1]?.id ?? null}
      onBack={onBack}
      onSubscribed={(_result, pending) => onFinished(pending)}
      onPendingContinue={onPendingContinue}
    />
  );
}
