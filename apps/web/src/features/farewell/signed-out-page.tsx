import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Farewell } from './farewell.tsx';

/**
 * /signed-out?reason=…: where a password change (issue 29: it landed on the marketing page with
 * no word) or "sign out everywhere" (issue 30) lands. Every device was signed out; the person
 * signs in again.
 */
export default function SignedOutPage() {
  const reason = new URLSearchParams(window.location.search).get('reason');
  if (reason === 'password-changed') {
    return (
      <Farewell title="Your password was changed" icon={<IconLock size={26} />} offerLogIn>
        <Text>For your security we signed you out on every device. Log in again with your new password.</Text>
        <Text size="sm" c="dimmed">
          We also sent you an email about this change. If you did not make it, reset your password from the
          log-in page and contact us.
        </Text>
      </Farewell>
    );
  }
  if (reason === 'signed-out-everywhere') {
    return (
      <Farewell title="You are signed out everywhere" icon={<IconLock size={26} />} offerLogIn>
        <Text>Every device signed in to your Pria account was signed out, this one too.</Text>
        <Text size="sm" c="dimmed">
          If you did this because of a device you do not trust, consider changing your password too.
        </Text>
      </Farewell>
    );
  }
  return (
    <Farewell title="You are signed out" icon={<IconLock size={26} />} offerLogIn>
      <Text>Log in again to continue.</Text>
    </Farewell>
  );
}
