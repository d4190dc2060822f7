import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@pria/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { downloadOnce } from '../../app/lazy-loaded.ts';
import { notifySuccess } from '../../app/notify.ts';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AFTER_PAYMENT } from '../checkout/after-payment.ts';
import { LaterPart } from '../customer/later-part.tsx';
import { useSaveOnboardingIndex } from '../customer/mutations.ts';
import { useCustomer } from '../customer/queries.ts';
import { useMySubscription } from '../subscription/queries.ts';
import { chooseLater } from './later-flag.ts';
import { onboardingWords as words } from './onboarding-words.ts';
import { WelcomeScreen } from './welcome-screen.tsx';

/** Steps of the wizard; the server keeps the index to come back to (4 = finished). */
const STEPS = [msg`Profile`, msg`Cards`, msg`Plan`, msg`Checkout`] as const;
const DONE_INDEX = 4 as const;
/** The query parameter holding the step on screen: each step is an entry of the browser's history. */
const STEP = 'step';
/** The plan picked on the plan step before Continue, kept in the address so a reload keeps it. */
const PLAN = 'plan';

/** The step the address names (`?step=1`), never past the one the server keeps; null without one. */
function stepInAddress(params: URLSearchParams, saved: number): number | null {
  const text = params.get(STEP);
  if (text === null || !/^[0-3]$/.test(text)) return null;
  return Math.min(Number(text), saved);
}

// Asked for as the page renders: the welcome screen is on view meanwhile (steps.tsx).
const steps = downloadOnce(() => import('./steps.tsx'));

export default function OnboardingPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Welcome`);
  const customer = useCustomer();
  const navigate = useNavigate();
  const saveIndex = useSaveOnboardingIndex();
  const narrow = useMediaQuery('(max-width: 500px)', false, { getInitialValueInEffect: false });
  const savingNext = useRef<Promise<unknown> | null>(null);
  // The furthest step this page has gone on to (each after its save): a refetched customer read
  // before the save reached the server must not send the wizard back a step.
  const [reached, setReached] = useState(0);
  const [planId, setPlanId] = useState<string | null>(null);
  // Paid: every step is done, while the confirmation with the receipt stays on screen.
  const [finished, setFinished] = useState(false);
  const [params, setParams] = useSearchParams();
  // Paid: the wizard's last step, as it was. Opened with it (a reload of the confirmation, the
  // bank's return) the confirmation is read from the server; paid here, the checkout shows its own.
  const [openedAfterPayment] = useState(() => params.has(AFTER_PAYMENT));
  // Paid on this page: held here, not read from the address, whose change is a transition the
  // saved index 4 can overtake (the wizard then counted as finished and left for the dashboard).
  const [checkedOut, setCheckedOut] = useState(false);
  // Opened with it: only once the server keeps the wizard finished (the address alone proves nothing).
  const afterPayment =
    checkedOut ||
    (openedAfterPayment && params.has(AFTER_PAYMENT) && customer.data?.onBoardingIndex === DONE_INDEX);
  const subscription = useMySubscription({ enabled: afterPayment });
  useEffect(() => void steps.load().catch(() => undefined), []); // a failure is said on the step

  if (customer.isPending) return <FullScreenLoader />;
  if (!customer.data) return <Navigate to="/dashboard" replace />;
  const me = customer.data;
  // Spec: any index outside the four steps goes to the dashboard (the address cannot bring back a
  // step of a finished wizard, e.g. Back to the checkout after paying).
  const saved = me.onBoardingIndex;
  if (!afterPayment && (saved < 0 || saved >= STEPS.length)) return <Navigate to="/dashboard" replace />;
  // The step is the address's (Back goes to the step before, a reload stays on this one); the
  // welcome screen has none. Paid, a refetched customer (index 4) keeps the checkout's confirmation.
  const step = afterPayment ? 3 : stepInAddress(params, Math.max(saved, reached));
  // The plan is the one chosen on the plan step, kept by the server: a reload or a later visit
  // pays for what the customer picked, never a default. Picked and not yet sent (Continue sends
  // it): the address's, while the plan step is the one on screen.
  const pickedPlanId = step === 2 ? params.get(PLAN) : null;
  const chosenPlanId = planId ?? pickedPlanId ?? me.selectedPlanId ?? null;
  const started = step !== null;
  let current = step ?? saved;
  // Checkout with no plan chosen yet (saved by an older version): choose it first, never guess.
  if (current === 3 && !chosenPlanId) current = 2;

  const doLater = () => {
    chooseLater(me.id);
    navigate('/dashboard');
  };
  const goTo = (index: number) => {
    setReached((r) => Math.max(r, index));
    setParams({ [STEP]: String(index) });
  };
  // A step's completion saves the next step at once, so leaving during the spec's pause (1.5 s
  // after the profile, 1 s after the cards) keeps the customer's place; the next step shows once
  // the pause is over and the server keeps it (shown before, a reload then went back a step). A
  // failed save says so (the mutation's own error) and stays on this step.
  const saveNext = (next: 1 | 2) => {
    const saved = saveIndex.mutateAsync({ index: next });
    saved.catch(() => undefined);
    savingNext.current = saved;
  };
  const complete = (next: 1 | 2) => {
    const saved = savingNext.current ?? saveIndex.mutateAsync({ index: next });
    savingNext.current = null;
    saved.then(
      () => goTo(next),
      () => undefined,
    );
  };
  const pickPlan = (id: string) => {
    setPlanId(id);
    // The plan step's own address (it may show while the address still names a step further on,
    // before the one it was sent to arrives: the wizard never shows a step not reached).
    setParams({ [STEP]: '2', [PLAN]: id }, { replace: true });
  };
  // The plan goes to the server before checkout shows it, so a reload finds the same plan.
  const choosePlan = (id: string) => saveIndex.mutate({ index: 3, plan: id }, { onSuccess: () => goTo(3) });

  if (!started) {
    return (
      <WelcomeScreen firstTime={me.onBoardingIndex === 0} onStart={() => goTo(current)} onLater={doLater} />
    );
  }

  const paid = finished || (afterPayment && !checkedOut && subscription.data?.status === 'active');
  // The step on screen, in words (paid: still the checkout, its confirmation, the last step).
  const stepNumber = current + 1;
  const stepCount = STEPS.length;
  const stepName = i18n._(STEPS[current] ?? STEPS[0]);
  return (
    <Stack gap="xl" maw={1040} mx="auto">
      <Group justify="space-between" align="center" gap="xl">
        <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
          <Stepper
            active={paid ? STEPS.length : current}
            size="sm"
            allowNextStepsSelect={false}
            aria-label={t`Onboarding steps`}
            orientation="horizontal"
            // A phone shows the numbers only; the labels stay for screen readers and make each
            // step's name "2 Cards", holding the number it shows (WCAG 2.5.3 Label in Name).
            classNames={narrow ? { stepBody: 'visually-hidden' } : undefined}
          >
            {STEPS.map((label, index) => (
              <Stepper.Step
                key={label.id}
                label={i18n._(label)}
                // Which step is the customer's, for screen readers (the line below is only seen).
                aria-current={!paid && index === current ? 'step' : undefined}
              />
            ))}
          </Stepper>
          {narrow && (
            // The numbers alone do not say where the customer is: the step's name, in words. Seen
            // only: the stepper above already reads each step's name (and the current one's).
            <Text size="sm" fw={600} aria-hidden>
              {t`Step ${stepNumber} of ${stepCount}: ${stepName}`}
            </Text>
          )}
        </Stack>
        {!paid && (
          // A 44 px target (its 20 px line was hard to tap on a phone, a walk), in the same room.
          <Anchor component="button" type="button" size="sm" py="sm" my={-12} onClick={doLater}>
            {i18n._(words[messages.webDoThisLater])}
          </Anchor>
        )}
      </Group>
      <LaterPart from={steps} height={480} label={t`Loading this step`}>
        {({ ProfileStep, CardsStep, PlanStep, CheckoutView }) => (
          <>
            {current === 0 && (
              <ProfileStep customer={me} onSaved={() => saveNext(1)} onDone={() => complete(1)} />
            )}
            {current === 1 && (
              <CardsStep
                customer={me}
                onBack={() => goTo(0)}
                onSaved={() => saveNext(2)}
                onDone={() => complete(2)}
              />
            )}
            {current === 2 && (
              <PlanStep
                planId={chosenPlanId}
                onChange={pickPlan}
                onBack={() => goTo(1)}
                saving={saveIndex.isPending}
                onDone={() => chosenPlanId && choosePlan(chosenPlanId)}
              />
            )}
            {current === 3 && chosenPlanId && (
              <CheckoutView
                planId={chosenPlanId}
                afterPayment={afterPayment && !checkedOut}
                onBack={() => goTo(2)}
                onSubscribed={(_result, pending) => {
                  setCheckedOut(true);
                  saveIndex.mutate({ index: DONE_INDEX });
                  // A reload now shows the confirmation (or the wait for the bank), never the form again.
                  setParams({ [AFTER_PAYMENT]: '1' }, { replace: true });
                  if (pending) return;
                  setFinished(true);
                  notifySuccess(i18n._(words[messages.onboardingCompleted]));
                }}
                // The confirmation with the receipt stays until the customer moves on (issue 29).
                onDone={() => navigate('/dashboard')}
              />
            )}
          </>
        )}
      </LaterPart>
    </Stack>
  );
}
