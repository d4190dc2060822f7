import { LegalDocument, type LegalText } from '../../components/legal-document.tsx';
import { termsSections } from './terms-sections.tsx';
import { useLegalDate, useLegalText } from './use-legal-text.ts';

const english: LegalText = {
  title: 'PRIA TERMS OF SERVICE',
  sections: termsSections,
  intro: (
    <p>
      These Terms of Service are a legally binding agreement between you and Pria, Inc. (&quot;Pria&quot;,
      &quot;we&quot;, &quot;us&quot;) about your use of our website and credit-building services (the
      &quot;Services&quot;). By creating an account or using the Services you agree to these Terms. If you do
      not agree, you must not use the Services.
    </p>
  ),
};
/** The Spanish text, its own chunk: only Spanish readers download it. */
const spanish = () => import('./terms-text.es.ts').then((m) => m.termsTextEs);

export default function TermsPage() {
  const text = useLegalText(english, spanish);
  return <LegalDocument {...text} lastUpdated={useLegalDate('2022-01-04')} />;
}
