import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { NotFound } from '../../components/not-found.tsx';
import LandingPage from '../../features/landing/landing-page.tsx';
import { PublicLayout } from '../layout/public-layout.tsx';

const AboutPage = lazy(() => import('../../features/about/about-page.tsx'));
const FaqPage = lazy(() => import('../../features/faq/faq-page.tsx'));
const ContactPage = lazy(() => import('../../features/contact/contact-page.tsx'));
const FeedbackPage = lazy(() => import('../../features/feedback/feedback-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('../../features/legal/privacy-policy-page.tsx'));
const TermsPage = lazy(() => import('../../features/legal/terms-page.tsx'));
const SignedOutPage = lazy(() => import('../../features/farewell/signed-out-page.tsx'));
const AccountDeletedPage = lazy(() => import('../../features/farewell/account-deleted-page.tsx'));

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
          {/* A public route of the spec whose screen is the landing page. */}
          <Route path="crs" element={<LandingPage />} />
          <Route path="signed-out" element={<SignedOutPage />} />
          <Route path="account-deleted" element={<AccountDeletedPage />} />
          {/* Any other path: "Page not found" (the server answers it with a 404 too). */}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </PublicLayout>
  );
}
