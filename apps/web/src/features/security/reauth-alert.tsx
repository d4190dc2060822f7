import { Trans } from '@lingui/react/macro';
import { Alert, Button } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { translated } from '../../app/i18n/contract-messages.ts';

interface ReauthAlertProps {
  /** What the server said (e.g. 'Please sign in again to change your password'). */
  detail?: string;
  onSignIn: () => Promise<void>;
}

/**
 * Shown when a change needs a recent sign-in: explains why and offers a fresh sign-in. It brings
 * itself into view and takes focus (issue 29: on a phone it appeared below the screen, so the
 * switch seemed to do nothing), and is announced as an alert.
 */
export function ReauthAlert({ detail, onSignIn }: ReauthAlertProps) {
  const [starting, setStarting] = useState(false);
  const shown = translated(detail ?? '');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    button.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
    button.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert
      role="alert"
      color="yellow"
      variant="light"
      icon={<IconLock aria-hidden />}
      title={translated(messages.reauthenticateToContinue)}
    >
      {detail && (
        <div>
          <Trans>{shown}. You will come back here to try again.</Trans>
        </div>
      )}
      <Button
        ref={button}
        mt="sm"
        size="sm"
        loading={starting}
        onClick={() => {
          setStarting(true);
          onSignIn().catch(() => setStarting(false));
        }}
      >
        {translated(messages.signInAgain)}
      </Button>
    </Alert>
  );
}
