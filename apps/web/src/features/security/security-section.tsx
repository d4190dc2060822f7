import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { useState } from 'react';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { translated } from '../../app/i18n/contract-messages.ts';
import { useCustomer } from '../customer/queries.ts';
import { MfaSwitches } from './mfa-switches.tsx';
import { PasskeysSection } from './passkeys.tsx';
import { PasswordForm } from './password-form.tsx';
import { useReauthenticate } from './reauth.ts';
import { ReauthAlert } from './reauth-alert.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';

/** Spec §6: identity ids containing 'facebook' or 'google' are social logins (no password here). */
export function isSocialLogin(subject: string | undefined): boolean {
  return /facebook|google/i.test(subject ?? '');
}

const SECURITY_PATH = '/dashboard/account/security';

/**
 * Account page → Security: password change and passkeys (not for social logins), the two-factor
 * switches, the signed-in devices and recent sign-ins (one device signed out at a time), and
 * signing out everywhere.
 */
export function SecuritySection() {
  const { t } = useLingui();
  const auth = useAuth();
  const customer = useCustomer();
  // Which change asked for a fresh sign-in, with the server's words; shown beside that control.
  const [reauth, setReauth] = useState<{ for: 'password' | 'mfa' | 'passkey'; message: string } | null>(null);
  const signInAgain = useReauthenticate(SECURITY_PATH);
  const social = isSocialLogin(auth.user?.profile.sub);

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} size="h4" c="navy.9">
          <Trans>Password</Trans>
        </Title>
        {social ? (
          <Text size="sm" c="dimmed">
            {translated(messages.socialPasswordChange)}
          </Text>
        ) : (
          <PasswordForm onReauth={(message) => setReauth({ for: 'password', message })} />
        )}
        {reauth?.for === 'password' && <ReauthAlert detail={reauth.message} onSignIn={signInAgain} />}
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Title order={3} size="h4" c="navy.9">
          <Trans>Two-factor authentication</Trans>
        </Title>
        {customer.isPending ? (
          <Skeleton height={150} radius="md" aria-label={t`Loading two-factor settings`} />
        ) : (
          <MfaSwitches
            emailVerified={customer.data?.email_verified ?? false}
            onReauth={(message) => setReauth({ for: 'mfa', message })}
          />
        )}
        <RecoveryCodes onReauth={(message) => setReauth({ for: 'mfa', message })} />
        {reauth?.for === 'mfa' && <ReauthAlert detail={reauth.message} onSignIn={signInAgain} />}
      </Stack>
      {!social && (
        <>
          <Divider />
          <Stack gap="sm">
            <Title order={3} size="h4" c="navy.9">
              <Trans>Passkeys</Trans>
            </Title>
            <PasskeysSection onReauth={(message) => setReauth({ for: 'passkey', message })} />
            {reauth?.for === 'passkey' && <ReauthAlert detail={reauth.message} onSignIn={signInAgain} />}
          </Stack>
        </>
      )}
      <Divider />
      <Stack gap="sm">
        <Title order={3} size="h4" c="navy.9">
          <Trans>Sessions</Trans>
        </Title>
        <SignedInDevices />
        <SignOutEverywhere />
      </Stack>
    </Stack>
  );
}
