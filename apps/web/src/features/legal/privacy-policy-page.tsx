import { LegalDocument } from '../../components/legal-document.tsx';
import { privacySections } from './privacy-sections.tsx';

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="January 1, 2022"
      sections={privacySections}
      intro={
        <>
          <p>
            Pria, Inc. (&quot;Pria&quot;, &quot;we&quot;, &quot;us&quot;) helps people in the United States
            build credit with the Visa and Mastercard credit cards they already hold, by placing a $3 charge
            on each registered card every month and paying it back. This policy explains what information we
            collect when you use our website and services (the &quot;Services&quot;), how we use it and the
            choices you have.
          </p>
          <p>
            You must be at least 18 years old to use the Services, and the Services are intended for a US
            audience only. By using the Services you agree to this policy.
          </p>
        </>
      }
    />
  );
}
