import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { dayInNewYork } from '@pria/contracts';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../auth/auth-state.tsx';
import { LanguageSwitch } from '../i18n/language-switch.tsx';
import classes from './public-footer.module.css';

const footerLinkProps = { component: Link, c: 'gray.3', fz: 'sm' } as const;

const noChanges = () => () => {};
const currentYear = () => Number(dayInNewYork(Date.now()).slice(0, 4));
/**
 * The year the page was sent with: hydration starts from it, then shows the current one (New
 * York's, as every date). The prerendered landing page was rendered with the build's year, and
 * public/start-after-paint.js puts the current one in before the app starts, if it ever does
 * (ADR 82): read back from the page, so hydrating adopts whichever it shows.
 */
const sentYear = () => {
  const shown = typeof document === 'undefined' ? null : document.querySelector('[data-copyright]');
  return Number(shown?.textContent?.match(/\d{4}/)?.[0]) || __BUILD_YEAR__;
};

export function PublicFooter() {
  const { isAuthenticated } = useAuth();
  const year = useSyncExternalStore(noChanges, currentYear, sentYear);
  const { t } = useLingui();

  return (
    <Box component="footer" bg="navy.9" c="gray.3" py={48} className={classes.footer}>
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={8} maw={320}>
              <Logo inverted />
              <Text fz="sm" c="gray.4">
                <Trans>A credit card should be an option, not an obligation.</Trans>
              </Text>
            </Stack>
            <Group component="nav" aria-label={t`Footer`} gap="lg">
              {isAuthenticated ? (
                <Anchor {...footerLinkProps} to="/feedback">
                  <Trans>Review</Trans>
                </Anchor>
              ) : (
                <>
                  <Anchor {...footerLinkProps} to="/about">
                    <Trans>About</Trans>
                  </Anchor>
                  <Anchor {...footerLinkProps} to="/faq">
                    <Trans>FAQ</Trans>
                  </Anchor>
                  <Anchor {...footerLinkProps} to="/contact">
                    <Trans>Contact</Trans>
                  </Anchor>
                </>
              )}
              <Anchor {...footerLinkProps} to="/policy">
                <Trans>Privacy Policy</Trans>
              </Anchor>
              <Anchor {...footerLinkProps} to="/terms">
                <Trans>Terms of Service</Trans>
              </Anchor>
            </Group>
          </Group>
          {!isAuthenticated && (
            <Text fz="xs" c="gray.5" data-testid="eligibility-disclaimer">
              <Trans>
                Account holders must be at least 18 years old and a US citizen or permanent resident. Results
                are not guaranteed; your credit score depends on many factors, including how you manage your
                other accounts. Charge &amp; Pay payments do not include the cost of your subscription. Pria
                does not remove negative items from your credit history.
              </Trans>
            </Text>
          )}
          <Divider color="navy.7" />
          <Group justify="space-between" gap="sm">
            <Text fz="xs" c="gray.5" data-copyright>
              <Trans>© {year} Pria, Inc. All rights reserved.</Trans>
            </Text>
            <LanguageSwitch inverted />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
