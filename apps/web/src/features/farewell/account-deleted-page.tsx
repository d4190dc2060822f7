import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Farewell } from './farewell.tsx';

/** /account-deleted: where a deletion lands (issue 29), after the confirmation email was sent. */
export default function AccountDeletedPage() {
  const { t } = useLingui();
  return (
    <Farewell title={t`Your account is deleted`} icon={<IconCircleCheck size={26} />} offerLogIn={false}>
      <Text>
        <Trans>
          Your Pria account and its personal details are deleted, your cards were removed, and nothing more
          will be charged. We sent a confirmation to your email address.
        </Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>
          We keep the record of past payments for as long as the law requires. You are welcome back any time.
        </Trans>
      </Text>
    </Farewell>
  );
}
