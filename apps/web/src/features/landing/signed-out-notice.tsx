import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Container } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { loggedOutHere } from '../../app/auth/log-out.ts';

/**
 * "You are signed out." on the landing a Logout leads to (issue 40: it said nothing). Only after
 * a logout on this browser: the flag the logout puts in the address (`afterLogoutPath`) and the
 * logout it remembers (`pria.loggedOut`) both. Read after the prerendered page is adopted (the
 * prerender cannot know), then the flag leaves the address, so a reload or a bookmark says nothing.
 */
export function SignedOutNotice() {
  const [signedOut, setSignedOut] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('signed-out')) return;
    url.searchParams.delete('signed-out');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    setSignedOut(loggedOutHere());
  }, []);
  // The live region is there from the start, so the words are announced when they arrive.
  return (
    <Box role="status" bg={signedOut ? 'navy.0' : undefined}>
      {signedOut && (
        <Container size="lg" pt="md">
          <Alert
            // The words are the status around it, not an alert: nothing went wrong.
            role="none"
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            withCloseButton
            closeButtonLabel={t`Dismiss`}
            onClose={() => setSignedOut(false)}
          >
            <Trans>You are signed out.</Trans>
          </Alert>
        </Container>
      )}
    </Box>
  );
}
