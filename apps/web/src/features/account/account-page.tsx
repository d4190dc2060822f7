import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { isAdminToken } from '../../app/auth/claims.ts';
import { loadArea } from '../../app/i18n/i18n.ts';
import { downloadOnce } from '../../app/lazy-loaded.ts';
import { keepScroll, keepsScroll } from '../../app/scroll-to-top.tsx';
import columns from '../../components/columns.module.css';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CardsSection } from '../cards/cards-section.tsx';
import { LaterPart } from '../customer/later-part.tsx';
import { useCustomer } from '../customer/queries.ts';
import { StaffHoldsNoneLater } from '../dashboard/staff-pages-later.tsx';
import { AccountJumpTo, AccountSideMenu } from './account-nav.tsx';
import { AccountSection } from './account-section.tsx';
import {
  type AccountSectionRef,
  anchorOffset,
  hasSection,
  holdSectionInView,
  isAccountSectionRef,
  scrollToSection,
  sectionsFor,
  watchReadingSection,
} from './account-sections.ts';
import { PersonalInfoForm } from './personal-info-section.tsx';

// Asked for as the page renders, not after its first paint: a link to /dashboard/account/security
// opens there. With their words (their own catalog, ADR 86): no message shows as its id.
const laterSections = downloadOnce(() =>
  Promise.all([import('./later-sections.tsx'), loadArea('account')]).then(([sections]) => sections),
);

/** /dashboard/account and /dashboard/account/{personalinfo|security|payment|subscription|notifications|privacy|delete}. */
export default function AccountPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Account Settings`);
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const customer = useCustomer();
  // A staff account holds no cards, plan or money notices (the API refuses cards and plans).
  const staff = isAdminToken(useAuth().user?.access_token);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const stateSection = (location.state as { section?: AccountSectionRef } | null)?.section;
  const urlRef = params['*']?.split('/')[0];
  const asked: AccountSectionRef | undefined =
    stateSection ?? (isAccountSectionRef(urlRef) ? urlRef : undefined);
  // A staff account has fewer sections: a link to one it lacks opens the page at the top.
  const active = asked && hasSection(staff, asked) ? asked : undefined;
  const sections = sectionsFor(staff);

  const sectionsRef = useRef<HTMLDivElement>(null);
  const holding = useRef<(() => void) | null>(null);
  useEffect(() => () => holding.current?.(), []);

  // On load (and when the side menu sends us here), bring the URL's section into view, and keep
  // it there while the sections above it load and grow. A jump (below) has done both already.
  const jumped = keepsScroll(location.state);
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${active}:${location.key}`;
    if (!active || !customer.data || jumped || scrolledFor.current === key) return;
    scrolledFor.current = key;
    requestAnimationFrame(() => {
      scrollToSection(active, false);
      holding.current?.();
      if (sectionsRef.current) holding.current = holdSectionInView(active, sectionsRef.current);
    });
  }, [active, customer.data, location.key, jumped]);

  // The menu follows the reader: the section under the header is the one highlighted.
  const [reading, setReading] = useState<AccountSectionRef | undefined>(undefined);
  const loaded = Boolean(customer.data);
  useEffect(() => {
    if (!loaded) return;
    return watchReadingSection(
      [...sections.map((s) => s.ref), ...(staff ? [] : ['delete' as const])],
      anchorOffset(wide),
      setReading,
    );
  }, [loaded, wide, sections, staff]);

  const jump = (ref: AccountSectionRef) => {
    holding.current?.();
    scrollToSection(ref);
    // Sections above may still be loading and grow: keep this one in view meanwhile, as on load.
    if (sectionsRef.current) holding.current = holdSectionInView(ref, sectionsRef.current);
    setReading(ref);
    // NOTE: keepScroll: a new pathname otherwise sends ScrollToTop to the top of the page, racing
    // the scroll to the section (the section won only when its own effect ran last).
    navigate(`/dashboard/account/${ref}`, { replace: true, state: keepScroll });
  };
  const current = reading ?? active;

  return (
    <Stack gap="lg" style={{ '--account-anchor-offset': `${anchorOffset(wide)}px` } as CSSProperties}>
      <Title order={1} c="navy.9">
        <Trans>Account Settings</Trans>
      </Title>
      {!wide && (
        // Not sticky (issue 40): on a 844px phone the header and this bar kept ~140px of the screen;
        // only the 64px header stays. It is at the top of the page, where a reader going back finds it.
        <AccountJumpTo sections={sections} active={current} onJump={jump} />
      )}
      <div className={`${columns.grid} ${columns.wideGap}`}>
        {wide && (
          <div className={columns.span3}>
            <AccountSideMenu sections={sections} active={current} onJump={jump} />
          </div>
        )}
        <div className={wide ? columns.span9 : columns.span12}>
          <Stack gap="xl" ref={sectionsRef}>
            <AccountSection refName="personalinfo" title={t`Personal Information`}>
              <PersonalInfoForm />
            </AccountSection>
            <AccountSection refName="security" title={t`Security`}>
              <LaterPart from={laterSections} height={560} label={t`Loading your security settings`}>
                {({ SecuritySection }) => <SecuritySection />}
              </LaterPart>
            </AccountSection>
            {staff ? (
              <StaffHoldsNoneLater />
            ) : (
              <>
                <AccountSection refName="payment" title={t`Payment Method`}>
                  <Stack gap="xl">
                    <CardsSection headingOrder={3} title={t`Your cards`} />
                    <LaterPart from={laterSections} height={90} label={t`Loading your funding card`}>
                      {({ FundingCardPicker }) => <FundingCardPicker />}
                    </LaterPart>
                  </Stack>
                </AccountSection>
                <AccountSection refName="subscription" title={t`Subscription`}>
                  <LaterPart from={laterSections} height={260} label={t`Loading your plan`}>
                    {({ SubscriptionSummary }) => <SubscriptionSummary />}
                  </LaterPart>
                </AccountSection>
                <AccountSection refName="notifications" title={t`Notifications`}>
                  <LaterPart
                    from={laterSections}
                    height={420}
                    label={t`Loading your notification preferences`}
                  >
                    {({ NotificationPreferencesForm }) => <NotificationPreferencesForm />}
                  </LaterPart>
                </AccountSection>
              </>
            )}
            <AccountSection refName="privacy" title={t`Privacy`}>
              <LaterPart from={laterSections} height={360} label={t`Loading your privacy settings`}>
                {({ PrivacySection }) => <PrivacySection />}
              </LaterPart>
            </AccountSection>
            {!staff && (
              <AccountSection refName="delete" title={t`Delete Account`} danger>
                <LaterPart from={laterSections} height={120} label={t`Loading the account deletion`}>
                  {({ DeleteAccountSection }) => <DeleteAccountSection />}
                </LaterPart>
              </AccountSection>
            )}
          </Stack>
        </div>
      </div>
    </Stack>
  );
}
