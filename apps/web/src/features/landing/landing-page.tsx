import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { homePathFor } from '../../app/auth/claims.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { BenefitsSection } from './benefits-section.tsx';
import { DemoSection } from './demo-section.tsx';
import { GettingStartedSection } from './getting-started-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { SignedOutNotice } from './signed-out-notice.tsx';

/** The page's title (also the prerendered HTML's: build/prerender.ts). */
export const landingTitle = msg`Better Credit, Made Simple`;

export default function LandingPage() {
  const auth = useAuth();
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(landingTitle));
  // "After a token check": only a live session counts; an expired one stays on the landing page.
  if (auth.isAuthenticated && auth.user && !auth.user.expired) {
    return <Navigate to={homePathFor(auth.user.access_token)} replace />;
  }
  return (
    <>
      <SignedOutNotice />
      <HeroSection />
      <HowItWorksSection />
      <DemoSection />
      <BenefitsSection />
      <GettingStartedSection />
    </>
  );
}
