import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Farewell } from './farewell.tsx';

/**
 * /signed-out?reason=…: where a password change (issue 29: it landed on the marketing page with
 * no word) or "sign out everywhere" (issue 30) lands. Every device was signed out; the person
 * signs in again.
 */
export default function SignedOutPage() {
  const { t } = useLingui();
  const reason = new URLSearchParams(window.location.search).get('reason');
  if (reason === 'password-changed') {
    return (
      <Farewell title={t`Your password was changed`} icon={<IconLock size={26} />} offerLogIn>
        <Text>
          <Trans>
            For your security we signed you out on every device. Log in again with your new password.
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            We also sent you an email about this change. If you did not make it, reset your password from the
            log-in page and contact us.
          </Trans>
        </Text>
      </Farewell>
    );
  }
  if (reason === 'signed-out-everywhere') {
    return (
      <Farewell title={t`You are signed out everywhere`} icon={<IconLock size={26} />} offerLogIn>
        <Text>
          <Trans>Every device signed in to your Pria account was signed out, this one too.</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            If you did this because of a device you do not trust, consider changing your password too.
          </Trans>
        </Text>
      </Farewell>
    );
  }
  return (
    <Farewell title={t`You are signed out`} icon={<IconLock size={26} />} offerLogIn>
      <Text>
        <Trans>Log in again to continue.</Trans>
      </Text>
    </Farewell>
  );
}
