import { Button, Center } from '@mantine/core';
import { IconCreditCard, IconListCheck, IconRepeat, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="account" step={1} icon={<IconUserPlus />} title="Create an account">
    Sign up in minutes with your email address.
  </FeatureCard>,
  <FeatureCard key="card" step={2} icon={<IconCreditCard />} title="Register your card">
    Add up to 3 Visa or Mastercard credit cards. Card data is tokenized, never stored by Pria.
  </FeatureCard>,
  <FeatureCard key="plan" step={3} icon={<IconListCheck />} title="Choose a subscription">
    Semi-Annual at $36 every 6 months or Annual at $66 a year, plus tax. Either plan covers every card you
    register.
  </FeatureCard>,
  <FeatureCard key="charge" step={4} icon={<IconRepeat />} title="Charge & Pay">
    Sit back. Every month we charge $3 on the 28th and pay it back on the 2nd.
  </FeatureCard>,
];

export function GettingStartedSection() {
  return (
    <LandingSection id="getting-started" title="Getting started" intro="Four steps to better credit.">
      <ResponsiveCards label="Getting started steps" items={items} columns={4} />
      <Center mt={40}>
        <Button size="lg" component={Link} to="/signup">
          Get Started
        </Button>
      </Center>
    </LandingSection>
  );
}
