import { Trans, useLingui } from '@lingui/react/macro';
import { IconCreditCardOff, IconRobot, IconShieldCheck, IconStack2 } from '@tabler/icons-react';
import { FeatureCard } from '../../components/feature-card.tsx';
import { ResponsiveCards } from '../../components/responsive-cards.tsx';
import { LandingSection } from './landing-section.tsx';

const items = [
  <FeatureCard key="automate" icon={<IconRobot />} title={<Trans>Automate building</Trans>}>
    <Trans>
      Set it up once. Pria charges and pays every month, so your credit keeps building without reminders.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="debt" icon={<IconCreditCardOff />} title={<Trans>Avoid card debt</Trans>}>
    <Trans>
      No need to spend on your card to keep it active. The $3 charge is paid back for you, so no balance
      lingers.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="protect" icon={<IconShieldCheck />} title={<Trans>Protect your credit history</Trans>}>
    <Trans>
      Regular activity helps keep older cards open and in good standing, protecting the age of your history.
    </Trans>
  </FeatureCard>,
  <FeatureCard key="one" icon={<IconStack2 />} title={<Trans>One payment, not several</Trans>}>
    <Trans>One subscription covers up to 3 cards — one simple payment instead of juggling several.</Trans>
  </FeatureCard>,
];

export function BenefitsSection() {
  const { t } = useLingui();
  return (
    <LandingSection id="benefits" title={<Trans>Why Pria</Trans>} tinted>
      <ResponsiveCards label={t`Benefits`} items={items} columns={4} />
    </LandingSection>
  );
}
