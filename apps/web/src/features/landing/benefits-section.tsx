import { IconCreditCardOff, IconRobot, IconShieldCheck, IconStack2 } from '@tabler/icons-react';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="automate" icon={<IconRobot />} title="Automate building">
    Set it up once. Pria charges and pays every month, so your credit keeps building without reminders.
  </FeatureCard>,
  <FeatureCard key="debt" icon={<IconCreditCardOff />} title="Avoid card debt">
    No need to spend on your card to keep it active. The $3 charge is paid back for you, so no balance
    lingers.
  </FeatureCard>,
  <FeatureCard key="protect" icon={<IconShieldCheck />} title="Protect your credit history">
    Regular activity helps keep older cards open and in good standing, protecting the age of your history.
  </FeatureCard>,
  <FeatureCard key="one" icon={<IconStack2 />} title="One payment, not several">
    One subscription covers up to 3 cards — one simple payment instead of juggling several.
  </FeatureCard>,
];

export function BenefitsSection() {
  return (
    <LandingSection id="benefits" title="Why Pria" tinted>
      <ResponsiveCards label="Benefits" items={items} columns={4} />
    </LandingSection>
  );
}
