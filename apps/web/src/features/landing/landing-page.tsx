import { useAuth } from 'react-oidc-context';
import { Navigate } from 'react-router';
import { homePathFor } from '../../app/auth/claims.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { BenefitsSection } from './benefits-section.tsx';
import { DemoSection } from './demo-section.tsx';
import { GettingStartedSection } from './getting-started-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';

export default function LandingPage() {
  const auth = useAuth();
  useDocumentTitle('Better Credit, Made Simple');
  // "After a token check": only a live session counts; an expired one stays on the landing page.
  if (auth.isAuthenticated && auth.user && !auth.user.expired) {
    return <Navigate to={homePathFor(auth.user.access_token)} replace />;
  }
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <DemoSection />
      <BenefitsSection />
      <GettingStartedSection />
    </>
  );
}
