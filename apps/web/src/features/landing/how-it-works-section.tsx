import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarDollar, IconChartLine, IconCreditCardPay } from '@tabler/icons-react';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="charge" icon={<IconCalendarDollar />} title={<Trans>We charge $3 on the 28th</Trans>}>
    <Trans>
      Once a month, on the 28th at 4pm Eastern, Pria places a $3 charge on each card you register.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="pay" icon={<IconCreditCardPay />} title={<Trans>We pay it back on the 2nd</Trans>}>
    <Trans>
      On the 2nd of the following month at 4pm Eastern, Pria sends a payment to your card, so the charge is
      paid off for you.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="report" icon={<IconChartLine />} title={<Trans>Your history grows</Trans>}>
    <Trans>
      Your card issuer reports the activity to the credit bureaus, adding on-time history to your file — with
      a score improvement possible in as little as 30 days.
    </Trans>
  </FeatureCard>,
];

export function HowItWorksSection() {
  const { t } = useLingui();
  return (
    <LandingSection
      id="how-it-works"
      title={<Trans>How it works</Trans>}
      intro={
        <Trans>
          Charge & Pay turns the cards you already have into a steady, automatic credit-building routine.
        </Trans>
      }
    >
      <ResponsiveCards label={t`How it works`} items={items} columns={3} />
    </LandingSection>
  );
}
