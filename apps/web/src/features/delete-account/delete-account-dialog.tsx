import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DeletionCodeSent, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../app/notify.ts';
import { apiErrorText } from '../../components/notify-api-error.ts';
import { endLocalSession, LEAVE_DELAY_MS } from '../security/end-local-session.ts';
import { deletionMoneyWords } from '../subscription/lifecycle-words.ts';
import { useMySubscription, useUpcoming } from '../subscription/queries.ts';
import { useDeleteAccount, useRequestDeletionCode } from './mutations.ts';

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
  hasPhone: boolean;
}

/**
 * Spec §4: a confirm dialog (a code will be sent), then the code dialog ('Code (xxxx)'), then
 * the deletion; success shows 'Account Deleted successfully', logs out and returns to the origin.
 */
export function DeleteAccountDialog({ opened, onClose, hasPhone }: DeleteAccountDialogProps) {
  const [sent, setSent] = useState<DeletionCodeSent | null>(null);
  const [deleted, setDeleted] = useState(false);
  const requestCode = useRequestDeletionCode();
  const remove = useDeleteAccount();
  // Money already paid, said before it is lost (issue 40): the plan's period and the $3 owed back.
  const subscription = useMySubscription({ enabled: opened });
  const upcoming = useUpcoming({ enabled: opened });
  const money = deletionMoneyWords(subscription.data, upcoming.data?.payBacksOwed ?? []);
  const moneyKnown = !subscription.isPending && !upcoming.isPending;
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (value: string) => (value.trim() ? null : messages.deletionCodeRequired) },
  });

  const close = () => {
    if (remove.isPending || deleted) return;
    setSent(null);
    requestCode.reset();
    remove.reset();
    form.reset();
    onClose();
  };

  const sendCode = () =>
    requestCode.mutate(undefined, {
      onSuccess: (result) => {
        setSent(result);
        remove.reset();
        form.reset();
      },
    });

  const submit = ({ code }: { code: string }) =>
    remove.mutate(code.trim(), {
      onSuccess: () => {
        setDeleted(true);
        notifySuccess(messages.accountDeleted);
        void endLocalSession(LEAVE_DELAY_MS, '/account-deleted');
      },
    });

  const requestError = requestCode.isError
    ? apiErrorText(requestCode.error, messages.deleteAccountFailed)
    : null;
  const deleteError = remove.isError ? apiErrorText(remove.error, messages.deleteAccountFailed) : null;
  const where = sent?.channel === 'sms' ? `by text message to ${sent.to}` : `by email to ${sent?.to}`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={sent ? 'Enter your code' : 'Delete account'}
      centered
      zIndex={400}
      closeOnClickOutside={false}
      withCloseButton={!deleted}
    >
      {!sent ? (
        <Stack gap="md">
          <Text fw={600}>{messages.confirmDeleteAccount}</Text>
          {moneyKnown && (
            <Stack gap={4} data-testid="deletion-money">
              <Text size="sm" fw={600}>
                Money you already paid
              </Text>
              <List size="sm" spacing={4}>
                {money.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {!money.blocked && (
            <Text size="sm">
              {hasPhone ? messages.deletionCodeNotePhone : messages.deletionCodeNoteEmail}
            </Text>
          )}
          {requestError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {requestError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={requestCode.isPending || !moneyKnown}
              disabled={money.blocked}
              onClick={sendCode}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Confirm account deletion">
          <Stack gap="md">
            <Text size="sm" role="status">
              We sent a 4-digit code {where}. It expires in 10 minutes.
            </Text>
            <TextInput
              label="Deletion code"
              placeholder={messages.deletionCodePlaceholder}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              withAsterisk
              data-autofocus
              disabled={deleted}
              {...form.getInputProps('code')}
            />
            {deleteError && !deleted && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
                {deleteError}
              </Alert>
            )}
            {requestError && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
                {requestError}
              </Alert>
            )}
            {deleted && (
              <Alert color="teal" role="status">
                {messages.accountDeleted}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Button
                variant="subtle"
                size="sm"
                onClick={sendCode}
                loading={requestCode.isPending}
                disabled={remove.isPending || deleted}
              >
                Send a new code
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={remove.isPending || deleted}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={remove.isPending || deleted}>
                  Delete my account
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
