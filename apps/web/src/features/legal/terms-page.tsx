import { LegalDocument } from '../../components/legal-document.tsx';
import { termsSections } from './terms-sections.tsx';

export default function TermsPage() {
  return (
    <LegalDocument
      title="PRIA TERMS OF SERVICE"
      lastUpdated="January 4, 2022"
      sections={termsSections}
      intro={
        <p>
          These Terms of Service are a legally binding agreement between you and Pria, Inc. (&quot;Pria&quot;,
          &quot;we&quot;, &quot;us&quot;) about your use of our website and credit-building services (the
          &quot;Services&quot;). By creating an account or using the Services you agree to these Terms. If you
          do not agree, you must not use the Services.
        </p>
      }
    />
  );
}
