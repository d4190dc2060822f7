import { legalEntity } from '@pria/contracts/legal/entity';
import type { LegalSection } from '../../components/legal-document.tsx';
import { prohibitedActivities } from './prohibited-activities.ts';

const letters = 'abcdefghijklmnopqrstuvwxyz';

export const termsSections: LegalSection[] = [
  {
    id: 'distribution-limited',
    title: 'Distribution Limited',
    body: (
      <p>
        The Services are intended only for residents of the United States. The Services are not available
        outside the United States, and the information on them is not meant for distribution to or use by any
        person in a country where such distribution or use would be contrary to law. Those who access the
        Services from elsewhere do so on their own initiative and are responsible for complying with local
        law.
      </p>
    ),
  },
  {
    id: 'age-restriction',
    title: 'Age Restriction',
    body: (
      <p>
        You must be at least 18 years old and must register an account to use the Services. By using the
        Services you represent that you are at least 18 years old and a US citizen or permanent resident.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property and Limited License',
    body: (
      <p>
        The Services, including their software, design, text, graphics and logos, are owned by or licensed to
        Pria, Inc. and are protected by copyright and trademark law. We grant you a limited, revocable,
        non-exclusive, non-transferable license to access and use the Services for your personal,
        non-commercial use. No other right is granted to you.
      </p>
    ),
  },
  {
    id: 'user-representations',
    title: 'User Representations',
    body: (
      <p>
        By using the Services, you represent and warrant that: all registration information you submit is
        true, accurate, current and complete; you will keep your account information true, accurate and
        current and update it promptly when it changes; you have the legal capacity to agree to these Terms;
        you are authorized to use every card you register; you will not access the Services through automated
        or non-human means, whether through a bot, script or otherwise; and your use of the Services does not
        violate any applicable law.
      </p>
    ),
  },
  {
    id: 'user-registration',
    title: 'User Registration',
    body: (
      <p>
        You must register an account to use the Services. You agree to keep your password confidential and are
        responsible for all use of your account. We reserve the right to remove, reclaim or change a username
        you select if we decide it is inappropriate or misleading.
      </p>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'Prohibited Activities',
    body: (
      <>
        <p>
          You may not access or use the Services for any purpose other than the one for which we make them
          available. As a user of the Services, you agree not to:
        </p>
        <ol type="a" aria-label="Prohibited activities">
          {prohibitedActivities.map((item, index) => (
            <li key={item} data-letter={letters[index]}>
              {item}
            </li>
          ))}
        </ol>
      </>
    ),
  },
  {
    id: 'submissions',
    title: 'Submissions',
    body: (
      <p>
        Any questions, comments, suggestions, ideas, reviews or other feedback you send us about the Services
        (&quot;Submissions&quot;) are non-confidential and become our sole property. We own all rights in the
        Submissions and may use and share them for any lawful purpose, commercial or otherwise, without
        acknowledgement or compensation to you.
      </p>
    ),
  },
  {
    id: 'third-party-websites',
    title: 'Third-Party Websites and Content',
    body: (
      <p>
        The Services may contain links to other websites and content from third parties, such as your card
        issuer or our payment processor. We do not check, control or endorse them and are not responsible for
        them. If you leave the Services to use a third-party website, you do so at your own risk and under
        that website&apos;s terms and policies.
      </p>
    ),
  },
  {
    id: 'site-management',
    title: 'Site Management',
    body: (
      <p>
        We reserve the right, but not the obligation, to monitor the Services for violations of these Terms;
        to take appropriate legal action against anyone who violates the law or these Terms, including
        reporting them to law enforcement; and to otherwise manage the Services in a manner designed to
        protect our rights and property and to keep the Services working properly.
      </p>
    ),
  },
  {
    id: 'privacy-policy',
    title: 'Privacy Policy',
    body: (
      <p>
        We care about data privacy and security. Our Privacy Policy, available at /policy, is part of these
        Terms. Card data is tokenized by our payment processor and is never stored by Pria. The Services are
        hosted in the United States.
      </p>
    ),
  },
  {
    id: 'term-and-termination',
    title: 'Terms and Termination',
    body: (
      <p>
        These Terms remain in full force while you use the Services. Without limiting any other provision of
        these Terms, we may, in our sole discretion and without notice or liability, deny access to the
        Services to any person for any reason, including a breach of these Terms or of any law. We may suspend
        or terminate your account at any time. If we terminate your account, you are prohibited from
        registering a new account under your name, a fake or borrowed name or the name of any third party, and
        we may refuse re-registration. You may cancel your subscription or delete your account at any time in
        your account settings.
      </p>
    ),
  },
  {
    id: 'modifications-and-interruptions',
    title: 'Modifications and Interruptions',
    body: (
      <p>
        We may change, suspend or discontinue any part of the Services at any time, and may change our prices
        with notice to you before your next billing period. We cannot guarantee the Services will always be
        available; maintenance, hardware, software or network problems may cause interruptions. We are not
        liable for any loss or inconvenience caused by your inability to use the Services during an
        interruption.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These Terms and your use of the Services are governed by the laws of the State of California, without
        regard to its conflict-of-law principles, and by applicable federal law of the United States.
      </p>
    ),
  },
  {
    id: 'dispute-resolution',
    title: 'Mandatory Arbitration and Dispute Resolution',
    body: (
      <>
        <p>
          Any dispute arising from or relating to these Terms or the Services will be resolved by final and
          binding arbitration on an individual basis, administered under the consumer arbitration rules of a
          recognised arbitration provider. You and Pria each waive the right to a jury trial and the right to
          bring or take part in any class action, collective action or representative proceeding.
        </p>
        <p>
          Any claim must be filed within one year after the cause of action arises; otherwise it is
          permanently barred. Where a dispute may proceed in court (for example, small claims or an action to
          enforce an arbitration award), the venue will be the state and federal courts located in Los Angeles
          County, California, and you and Pria consent to their jurisdiction.
        </p>
      </>
    ),
  },
  {
    id: 'corrections',
    title: 'Corrections',
    body: (
      <p>
        The Services may contain typographical errors, inaccuracies or omissions, including in descriptions,
        pricing and availability. We reserve the right to correct them and to change or update information at
        any time without prior notice.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <p>
        The Services are provided on an as-is and as-available basis. To the fullest extent permitted by law,
        we disclaim all warranties, express or implied, including merchantability, fitness for a particular
        purpose and non-infringement. Pria does not guarantee any particular result: your credit score depends
        on many factors outside our control, and Pria does not remove negative information from your credit
        history.
      </p>
    ),
  },
  {
    id: 'limitations',
    title: 'Limitations',
    body: (
      <p>
        Charge &amp; Pay payments to your card do not include the cost of your subscription. Each monthly
        charge is attempted once and is not retried after a decline. Your card issuer, not Pria, decides
        whether and how your card activity is reported to the credit bureaus.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        In no event will we or our directors, employees or agents be liable to you for any indirect,
        consequential, incidental, special or punitive damages, including lost profits or lost data. Our total
        liability to you for any cause will at all times be limited to the amount you paid to us during the
        six months before the cause of action arose.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to defend, indemnify and hold us harmless from any loss, damage, liability, claim or demand,
        including reasonable attorneys&apos; fees, made by any third party arising from your use of the
        Services, your breach of these Terms, or your violation of the rights of a third party.
      </p>
    ),
  },
  {
    id: 'electronic-communications',
    title: 'Electronic Communications, Transactions and Signatures',
    body: (
      <p>
        Visiting the Services, sending us emails and completing online forms are electronic communications.
        You consent to receive electronic communications, and you agree that all agreements, notices,
        disclosures and other communications we provide to you electronically satisfy any legal requirement
        that they be in writing. You agree to the use of electronic signatures, contracts, orders and other
        records, and to electronic delivery of notices and records of transactions.
      </p>
    ),
  },
  {
    id: 'california-users',
    title: 'California Users Notice',
    body: (
      <p>
        If any complaint with us is not satisfactorily resolved, you can contact the Complaint Assistance Unit
        of the Division of Consumer Services of the California Department of Consumer Affairs in writing at
        1625 North Market Blvd., Suite N 112, Sacramento, California 95834 or by telephone at (800) 952-5210
        or (916) 445-1254.
      </p>
    ),
  },
  {
    id: 'miscellaneous-contact',
    title: 'Miscellaneous and Contact Us',
    body: (
      <>
        <p>
          These Terms and any policies we post on the Services are the entire agreement between you and us.
          Our failure to exercise a right is not a waiver of it. If any provision is found unlawful or
          unenforceable, that provision is severed and the rest remain in effect. You may not assign these
          Terms; we may assign them at any time.
        </p>
        <p>To resolve a complaint or receive more information about the Services, please contact us at:</p>
        <address>
          {legalEntity.name}
          <br />
          {legalEntity.street}
          <br />
          {legalEntity.city}
          <br />
          {legalEntity.country}
          <br />
          {legalEntity.supportEmail}
        </address>
      </>
    ),
  },
];
