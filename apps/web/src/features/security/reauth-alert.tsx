import { Alert, Button } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';

interface ReauthAlertProps {
  /** What the server said (e.g. 'Please sign in again to change your password'). */
  detail?: string;
  onSignIn: () => Promise<void>;
}

/** Shown when a change needs a recent sign-in: explains why and offers a fresh sign-in. */
export function ReauthAlert({ detail, onSignIn }: ReauthAlertProps) {
  const [starting, setStarting] = useState(false);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock aria-hidden />}
      title={messages.reauthenticateToContinue}
    >
      {detail && <div>{detail}. You will come back here to try again.</div>}
      <Button
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
