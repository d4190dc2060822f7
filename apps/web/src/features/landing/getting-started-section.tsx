import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center } from '@mantine/core';
import { IconCreditCard, IconListCheck, IconRepeat, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="account" step={1} icon={<IconUserPlus />} title={<Trans>Create an account</Trans>}>
    <Trans>Sign up in minutes with your email address.</Trans>
  </FeatureCard>,
  <FeatureCard key="card" step={2} icon={<IconCreditCard />} title={<Trans>Register your card</Trans>}>
    <Trans>Add up to 3 Visa or Mastercard credit cards. Card data is tokenized, never stored by Pria.</Trans>
  </FeatureCard>,
  <FeatureCard key="plan" step={3} icon={<IconListCheck />} title={<Trans>Choose a subscription</Trans>}>
    <Trans>
      Semi-Annual at $36 every 6 months or Annual at $66 a year, plus tax. Either plan covers every card you
      register.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="charge" step={4} icon={<IconRepeat />} title={<Trans>Charge & Pay</Trans>}>
    <Trans>Sit back. Every month we charge $3 on the 28th and pay it back on the 2nd.</Trans>
  </FeatureCard>,
];

export function GettingStartedSection() {
  const { t } = useLingui();
  return (
    <LandingSection
      id="getting-started"
      title={<Trans>Getting started</Trans>}
      intro={<Trans>Four steps to better credit.</Trans>}
    >
      <ResponsiveCards label={t`Getting started steps`} items={items} columns={4} />
      <Center mt={40}>
        <Button size="lg" component={Link} to="/signup">
          <Trans>Get Started</Trans>
        </Button>
      </Center>
    </LandingSection>
  );
}
