import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useVerifyEmail } from '../customer/mutations.ts';
import type { Customer } from '../customer/types.ts';

// The contracts' words (messages.webEmailVerified, messages.webVerifyEmail), in the catalog.
const verified = msg`Email verified`;
const verifyEmail = msg`Verify Email`;

/** Email comes from the identity provider and is read-only; unverified addresses offer 'Verify Email'. */
export function EmailField({ customer, showVerify }: { customer: Customer; showVerify: boolean }) {
  const { i18n, t } = useLingui();
  const verify = useVerifyEmail();
  return (
    // The badge goes below the field where both do not fit (a phone, a longer language's words).
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t`Email`}
        value={customer.email ?? ''}
        readOnly
        disabled
        style={{ flex: '1 1 16rem', minWidth: 0 }}
      />
      {showVerify &&
        (customer.email_verified ? (
          <Badge
            color="teal"
            variant="light"
            size="lg"
            mb={4}
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {i18n._(verified)}
          </Badge>
        ) : (
          <Button
            variant="light"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            style={{ flexShrink: 0 }}
          >
            {i18n._(verifyEmail)}
          </Button>
        ))}
    </Group>
  );
}
