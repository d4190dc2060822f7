import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DeletionCodeSent, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { translated } from '../../app/i18n/contract-messages.ts';
import { notifySuccess } from '../../app/notify.ts';
import { apiErrorText } from '../../components/notify-api-error.ts';
import { Dialog } from '../../components/overlays/dialog.tsx';
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
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const [sent, setSent] = useState<DeletionCodeSent | null>(null);
  const [deleted, setDeleted] = useState(false);
  const requestCode = useRequestDeletionCode();
  const remove = useDeleteAccount();
  // Money already paid, said before it is lost (issue 40): the plan's period and the $3 owed back.
  const subscription = useMySubscription({ enabled: opened });
  const upcoming = useUpcoming({ enabled: opened });
  const money = deletionMoneyWords(subscription.data, upcoming.data?.payBacksOwed ?? [], locale);
  const moneyKnown = !subscription.isPending && !upcoming.isPending;
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (value: string) => (value.trim() ? null : translated(messages.deletionCodeRequired)) },
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
    ? translated(apiErrorText(requestCode.error, messages.deleteAccountFailed))
    : null;
  const deleteError = remove.isError
    ? translated(apiErrorText(remove.error, messages.deleteAccountFailed))
    : null;
  const to = sent?.to ?? '';

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={sent ? t`Enter your code` : t`Delete account`}
      closeOnClickOutside={false}
      withCloseButton={!deleted}
    >
      {!sent ? (
        <Stack gap="md">
          <Text fw={600}>{translated(messages.confirmDeleteAccount)}</Text>
          {moneyKnown && (
            <Stack gap={4} data-testid="deletion-money">
              <Text size="sm" fw={600}>
                <Trans>Money you already paid</Trans>
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
              {translated(hasPhone ? messages.deletionCodeNotePhone : messages.deletionCodeNoteEmail)}
            </Text>
          )}
          {requestError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {requestError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={requestCode.isPending || !moneyKnown}
              disabled={money.blocked}
              onClick={sendCode}
            >
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t`Confirm account deletion`}>
          <Stack gap="md">
            <Text size="sm" role="status">
              {sent?.channel === 'sms' ? (
                <Trans>We sent a 4-digit code by text message to {to}. It expires in 10 minutes.</Trans>
              ) : (
                <Trans>We sent a 4-digit code by email to {to}. It expires in 10 minutes.</Trans>
              )}
            </Text>
            <TextInput
              label={t`Deletion code`}
              placeholder={translated(messages.deletionCodePlaceholder)}
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
                {translated(messages.accountDeleted)}
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
                <Trans>Send a new code</Trans>
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={remove.isPending || deleted}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" color="red" loading={remove.isPending || deleted}>
                  <Trans>Delete my account</Trans>
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
