import { LegalDocument, type LegalText } from '../../components/legal-document.tsx';
import { privacySections } from './privacy-sections.tsx';
import { useLegalDate, useLegalText } from './use-legal-text.ts';

const english: LegalText = {
  title: 'Privacy Policy',
  sections: privacySections,
  intro: (
    <>
      <p>
        Pria, Inc. (&quot;Pria&quot;, &quot;we&quot;, &quot;us&quot;) helps people in the United States build
        credit with the Visa and Mastercard credit cards they already hold, by placing a $3 charge on each
        registered card every month and paying it back. This policy explains what information we collect when
        you use our website and services (the &quot;Services&quot;), how we use it and the choices you have.
      </p>
      <p>
        You must be at least 18 years old to use the Services, and the Services are intended for a US audience
        only. By using the Services you agree to this policy.
      </p>
    </>
  ),
};
/** The Spanish text, its own chunk: only Spanish readers download it. */
const spanish = () => import('./privacy-text.es.ts').then((m) => m.privacyTextEs);

export default function PrivacyPolicyPage() {
  const text = useLegalText(english, spanish);
  return <LegalDocument {...text} lastUpdated={useLegalDate('2022-01-01')} />;
}
