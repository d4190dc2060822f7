import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import type { LegalSection } from '../../components/legal-document.tsx';

export const privacySections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'What Information Do We Collect?',
    body: (
      <>
        <p>
          We collect personal information that you give us when you create an account, register a card,
          subscribe to a plan or contact us: your name, email address, phone number, mailing and billing
          address, and the brand, last four digits and expiry date of each card you register.
        </p>
        <p>
          We also collect limited technical information automatically, such as your IP address, browser type,
          device type and the pages you visit, to keep the Services secure and working.
        </p>
      </>
    ),
  },
  {
    id: 'card-data',
    title: 'How Do We Handle Your Card Data?',
    body: (
      <p>
        Your full card number and security code are encrypted in your browser and sent directly to our payment
        processor, which returns a token. Pria stores only that token with the brand, last four digits, expiry
        date and billing address. We never store, log or see your full card number or security code.
      </p>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How Do We Use Your Information?',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and manage your account and verify your identity;</li>
          <li>place the monthly $3 charge on each registered card and pay it back the following month;</li>
          <li>bill your subscription and send receipts and service notices;</li>
          <li>answer your questions and requests for support;</li>
          <li>detect, prevent and investigate fraud and abuse, and meet our legal obligations.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Will Your Information Be Shared With Anyone?',
    body: (
      <p>
        We share information only with service providers that help us run the Services (such as our payment
        processor, hosting and email providers) under contracts that limit how they may use it, with your card
        issuer through the card networks when we charge and pay your card, when the law requires it, or in
        connection with a merger or sale of our business. We do not sell your personal information.
      </p>
    ),
  },
  {
    id: 'credit-reporting',
    title: 'How Does Credit Reporting Work?',
    body: (
      <p>
        Pria does not report to the credit bureaus itself. The monthly charge and payment appear on your card
        statement, and your card issuer reports your account activity to the credit bureaus as it normally
        does. We cannot remove negative information from your credit history.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Do We Use Cookies and Other Tracking Technologies?',
    body: (
      <p>
        We use only the cookies and browser storage needed to sign you in, keep your session secure and
        remember your preferences. We do not use third-party advertising cookies and we do not embed
        third-party trackers in our pages.
      </p>
    ),
  },
  {
    id: 'social-logins',
    title: 'How Do We Handle Your Social Logins?',
    body: (
      <p>
        If you choose to sign in with a social account, we receive the basic profile information that provider
        shares with us, such as your name and email address. We use it only to create and sign in to your
        account.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How Long Do We Keep Your Information?',
    body: (
      <p>
        We keep your information for as long as your account is open and afterwards only as long as needed to
        meet legal, tax, accounting and fraud-prevention obligations. Records of charges and payments are kept
        for the period financial regulations require.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How Do We Keep Your Information Safe?',
    body: (
      <p>
        We protect your information with bank-level 256-bit encryption in transit and at rest, tokenization of
        card data, two-factor authentication for your account, and strict access controls for our staff. No
        system is perfectly secure, so please keep your password private and tell us at once if you suspect
        unauthorized access.
      </p>
    ),
  },
  {
    id: 'minors',
    title: 'Do We Collect Information From Minors?',
    body: (
      <p>
        The Services are intended only for users who are at least 18 years old. We do not knowingly collect
        information from anyone under 18. If we learn that we have, we will close the account and delete the
        information.
      </p>
    ),
  },
  {
    id: 'us-only',
    title: 'Who Is This Policy For?',
    body: (
      <p>
        The Services are offered only to residents of the United States, and this policy is written for a US
        audience. Your information is stored and processed in the United States.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'What Are Your Privacy Rights?',
    body: (
      <p>
        You may review and update your profile at any time in your account settings, ask us for a copy of your
        information, ask us to correct it, or delete your account. You may opt out of marketing emails with
        the link in each email; we will still send you service messages about your account.
      </p>
    ),
  },
  {
    id: 'california',
    title: 'Do California Residents Have Specific Privacy Rights?',
    body: (
      <p>
        If you live in California, you have the right to know what personal information we collect, use and
        disclose, to ask us to delete it, to correct it, and not to be discriminated against for using these
        rights. We do not sell or share personal information for cross-context behavioral advertising.
      </p>
    ),
  },
  {
    id: 'updates',
    title: 'Do We Make Updates to This Policy?',
    body: (
      <p>
        We may update this policy from time to time. The updated version will be marked by the &quot;Last
        updated&quot; date at the top of this page, and if the changes are material we will tell you by email
        or in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'How Can You Contact Us About This Policy?',
    body: (
      <p>
        If you have questions or comments about this policy, email us at {legalEntity.supportEmail} or write
        to {legalEntity.name}, {legalAddress}, {legalEntity.country}.
      </p>
    ),
  },
];
