import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Farewell } from './farewell.tsx';

/**
 * /signed-out?reason=password-changed: where a password change lands (issue 29: it landed on
 * the marketing page with no word). Every device was signed out; the customer signs in again.
 */
export default function SignedOutPage() {
  const passwordChanged = new URLSearchParams(window.location.search).get('reason') === 'password-changed';
  return (
    <Farewell
      title={passwordChanged ? 'Your password was changed' : 'You are signed out'}
      icon={<IconLock size={26} />}
      offerLogIn
    >
      {passwordChanged ? (
        <>
          <Text>
            For your security we signed you out on every device. Log in again with your new password.
          </Text>
          <Text size="sm" c="dimmed">
            We also sent you an email about this change. If you did not make it, reset your password from the
            log-in page and contact us.
          </Text>
        </>
      ) : (
        <Text>Log in again to continue.</Text>
      )}
    </Farewell>
  );
}
