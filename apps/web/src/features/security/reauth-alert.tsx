import { Alert, Button } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

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
      title={messages.reauthenticateToContinue}
    >
      {detail && <div>{detail}. You will come back here to try again.</div>}
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
        {messages.signInAgain}
      </Button>
    </Alert>
  );
}
