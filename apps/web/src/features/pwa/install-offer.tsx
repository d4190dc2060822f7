import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobile, IconShare2, IconSquarePlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  INSTALLABLE_EVENT,
  INSTALLED_EVENT,
  type InstallPromptEvent,
  isIosSafari,
  isStandalone,
} from './pwa-events.ts';

/** Once answered (installed, or "Not now"), the offer is never made again on this device. */
export const INSTALL_OFFER_KEY = 'pria.installOffer';

function alreadyAnswered(): boolean {
  try {
    return localStorage.getItem(INSTALL_OFFER_KEY) !== null;
  } catch {
    return true;
  }
}

function remember(answer: 'installed' | 'dismissed') {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, answer);
  } catch {
    // Storage refused (private mode): the offer may come back, nothing worse.
  }
}

type Offer = { kind: 'prompt'; event: InstallPromptEvent } | { kind: 'ios' } | null;

function currentOffer(): Offer {
  if (alreadyAnswered() || isStandalone()) return null;
  if (window.priaInstallPrompt) return { kind: 'prompt', event: window.priaInstallPrompt };
  if (isIosSafari()) return { kind: 'ios' };
  return null;
}

/**
 * The dashboard's one-time offer to add Pria to the home screen: Chromium's own install dialog
 * where the browser offers one (kept by register-sw.js), the Share → "Add to Home Screen" steps on
 * iPhone and iPad, nothing elsewhere or once answered.
 */
export function InstallOffer() {
  const { t } = useLingui();
  const [offer, setOffer] = useState<Offer>(currentOffer);

  useEffect(() => {
    const refresh = () => setOffer(currentOffer());
    const installed = () => {
      remember('installed');
      setOffer(null);
    };
    window.addEventListener(INSTALLABLE_EVENT, refresh);
    window.addEventListener(INSTALLED_EVENT, installed);
    // An offer made between the first render and now (the listeners were not there yet).
    refresh();
    return () => {
      window.removeEventListener(INSTALLABLE_EVENT, refresh);
      window.removeEventListener(INSTALLED_EVENT, installed);
    };
  }, []);

  if (!offer) return null;
  const dismiss = () => {
    remember('dismissed');
    setOffer(null);
  };
  const install = async () => {
    if (offer.kind !== 'prompt') return;
    await offer.event.prompt();
    const choice = await offer.event.userChoice;
    // The browser lets a kept prompt be used once.
    window.priaInstallPrompt = undefined;
    remember(choice.outcome === 'accepted' ? 'installed' : 'dismissed');
    setOffer(null);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="install-offer-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
            <IconDeviceMobile size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4" id="install-offer-title">
              <Trans>Get the Pria app</Trans>
            </Title>
            {offer.kind === 'prompt' ? (
              <Text size="sm" c="dimmed" mt={4}>
                <Trans>
                  Add Pria to your home screen: it opens like an app, and it can tell you when a charge or a
                  pay-back happens.
                </Trans>
              </Text>
            ) : (
              <List size="sm" mt={6} spacing={4} aria-label={t`How to add Pria to your home screen`}>
                <List.Item icon={<IconShare2 size={16} aria-hidden />}>
                  <Trans>Tap the Share button in Safari's toolbar.</Trans>
                </List.Item>
                <List.Item icon={<IconSquarePlus size={16} aria-hidden />}>
                  <Trans>Choose "Add to Home Screen", then "Add".</Trans>
                </List.Item>
              </List>
            )}
          </div>
        </Group>
        <CloseButton aria-label={t`Not now`} onClick={dismiss} />
      </Group>
      {offer.kind === 'prompt' && (
        <Group mt="sm" gap="xs" justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            <Trans>Not now</Trans>
          </Button>
          <Button onClick={() => void install()}>
            <Trans>Install Pria</Trans>
          </Button>
        </Group>
      )}
    </Paper>
  );
}
