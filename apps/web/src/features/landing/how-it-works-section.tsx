import { IconCalendarDollar, IconChartLine, IconCreditCardPay } from '@tabler/icons-react';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="charge" icon={<IconCalendarDollar />} title="We charge $3 on the 28th">
    Once a month, on the 28th at 4pm Eastern, Pria places a $3 charge on each card you register.
  </FeatureCard>,
  <FeatureCard key="pay" icon={<IconCreditCardPay />} title="We pay it back on the 2nd">
    On the 2nd of the following month at 4pm Eastern, Pria sends a payment to your card, so the charge is paid
    off for you.
  </FeatureCard>,
  <FeatureCard key="report" icon={<IconChartLine />} title="Your history grows">
    Your card issuer reports the activity to the credit bureaus, adding on-time history to your file — with a
    score improvement possible in as little as 30 days.
  </FeatureCard>,
];

export function HowItWorksSection() {
  return (
    <LandingSection
      id="how-it-works"
      title="How it works"
      intro="Charge & Pay turns the cards you already have into a steady, automatic credit-building routine."
    >
      <ResponsiveCards label="How it works" items={items} columns={3} />
    </LandingSection>
  );
}
