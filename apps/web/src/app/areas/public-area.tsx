import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import LandingPage from '../../features/landing/landing-page.tsx';
import { PublicLayout } from '../layout/public-layout.tsx';

const AboutPage = lazy(() => import('../../features/about/about-page.tsx'));
const FaqPage = lazy(() => import('../../features/faq/faq-page.tsx'));
const ContactPage = lazy(() => import('../../features/contact/contact-page.tsx'));
const FeedbackPage = lazy(() => import('../../features/feedback/feedback-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('../../features/legal/privacy-policy-page.tsx'));
const TermsPage = lazy(() => import('../../features/legal/terms-page.tsx'));

export default function PublicArea() {
  return (
    <PublicLayout>
      <Suspense fallback={<FullScreenLoader />}>
        <Routes>
          <Route index element={<LandingPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="feedback" element={<FeedbackPage />} />
          <Route path="policy" element={<PrivacyPolicyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="*" element={<LandingPage />} />
        </Routes>
      </Suspense>
    </PublicLayout>
  );
}
