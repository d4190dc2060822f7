import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { closeButtonProps, showToast } from '../../app/notify.ts';
import { UPDATE_READY_EVENT } from './pwa-events.ts';

const NOTICE_ID = 'pria-new-version';

/** Asks the waiting worker to take over; the page reloads once it has (controllerchange). */
async function reloadIntoNewVersion() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  registration.waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * "New version — reload": shown when a new service worker (a new release) is installed and waiting.
 * The customer decides when: reloading in the middle of a form would lose what they typed, so the
 * new version never takes over by itself while a page is open.
 */
export function UpdatePrompt() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const show = () =>
      showToast({
        id: NOTICE_ID,
        autoClose: false,
        withCloseButton: true,
        closeButtonProps: closeButtonProps(),
        title: t`New version`,
        message: (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">
              <Trans>A new version of Pria is ready.</Trans>
            </Text>
            <Button size="xs" onClick={() => void reloadIntoNewVersion()}>
              <Trans>Reload</Trans>
            </Button>
          </Group>
        ),
      });
    window.addEventListener(UPDATE_READY_EVENT, show);
    // The worker may have been waiting since before this screen started.
    void navigator.serviceWorker.getRegistration().then((r) => {
      if (r?.waiting && navigator.serviceWorker.controller) show();
    });
    return () => window.removeEventListener(UPDATE_READY_EVENT, show);
  }, []);
  return null;
}
