import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, TextInput } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { translated } from '../../app/i18n/contract-messages.ts';
import { useVerifyEmail } from '../customer/mutations.ts';
import type { Customer } from '../customer/types.ts';

/** Email comes from the identity provider and is read-only; unverified addresses offer 'Verify Email'. */
export function EmailField({ customer, showVerify }: { customer: Customer; showVerify: boolean }) {
  const { t } = useLingui();
  const verify = useVerifyEmail();
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput label={t`Email`} value={customer.email ?? ''} readOnly disabled style={{ flex: 1 }} />
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
            {translated(messages.webEmailVerified)}
          </Badge>
        ) : (
          <Button
            variant="light"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            style={{ flexShrink: 0 }}
          >
            {translated(messages.webVerifyEmail)}
          </Button>
        ))}
    </Group>
  );
}
