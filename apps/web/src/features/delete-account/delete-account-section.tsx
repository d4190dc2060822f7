import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useCustomer } from '../customer/queries.ts';
import { LazyDeleteAccountDialog } from './lazy-delete-account-dialog.tsx';

/** Account page → Delete Account: what deletion does, and the button that starts it. */
export function DeleteAccountSection() {
  const customer = useCustomer();
  const [opened, dialog] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>
          Deleting your account cancels your subscription, removes your cards and erases your personal
          details. We keep records of past charges and payments as the law requires. This cannot be undone.
        </Trans>
      </Text>
      <Group justify="flex-end">
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={dialog.open}
        >
          <Trans>Delete Account</Trans>
        </Button>
      </Group>
      <LazyDeleteAccountDialog
        opened={opened}
        onClose={dialog.close}
        hasPhone={Boolean(customer.data?.phone)}
      />
    </Stack>
  );
}
