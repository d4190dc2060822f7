import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type SupportRequest, supportRequest, supportTopics } from '@pria/contracts/support';
import { textLimits } from '@pria/contracts/text-limits';
import { LimitedTextarea } from '../../components/form/limited-textarea.tsx';
import { FraudNotice, TopicField } from '../../components/form/topic-field.tsx';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { Dialog } from '../../components/overlays/dialog.tsx';
import { useSendSupport } from './mutations.ts';

/** Support from inside the app: topic chips or a typed topic, a message, and the fraud warning. */
export function SupportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<SupportRequest>({
    mode: 'controlled',
    initialValues: { type: '', message: '' },
    validate: zodValidate<SupportRequest>(supportRequest),
  });
  const { t } = useLingui();
  const send = useSendSupport();
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Dialog opened={opened} onClose={close} title={t`Support`} size="lg">
      <form
        noValidate
        aria-label={t`Support request`}
        onSubmit={form.onSubmit((values) =>
          send.mutate({ type: values.type.trim(), message: values.message.trim() }, { onSuccess: close }),
        )}
      >
        <Stack gap="md">
          <TopicField
            topics={supportTopics}
            input={form.getInputProps('type')}
            onPick={(topic) => form.setFieldValue('type', topic)}
          />
          <LimitedTextarea
            label={t`Message`}
            placeholder={t`How can we help?`}
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            maxLength={textLimits.message}
            {...form.getInputProps('message')}
          />
          <FraudNotice />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={send.isPending}>
              <Trans>Send Message</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
