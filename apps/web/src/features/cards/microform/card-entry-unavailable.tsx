import { Alert, Button } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';

/** The processor's card entry could not be started (e.g. CyberSource did not answer). */
export function CardEntryUnavailable({ retry }: { retry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" title={messages.cardEntryUnavailable}>
      <Button variant="subtle" size="compact-sm" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}
