import { Alert, Button, Chip, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type SupportRequest, supportRequest, supportTopics } from '@pria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { useSendSupport } from './mutations.ts';

/** Support from inside the app: topic chips or a typed topic, a message, and the fraud warning. */
export function SupportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<SupportRequest>({
    mode: 'controlled',
    initialValues: { type: '', message: '' },
    validate: zodValidate<SupportRequest>(supportRequest),
  });
  const send = useSendSupport();
  const chosen = (supportTopics as readonly string[]).includes(form.values.type) ? form.values.type : '';
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Support"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label="Support request"
        onSubmit={form.onSubmit((values) =>
          send.mutate({ type: values.type.trim(), message: values.message.trim() }, { onSuccess: close }),
        )}
      >
        <Stack gap="md">
          <div>
            <Text fw={500} fz="sm" mb={8} id="support-topic-label">
              Choose a topic
            </Text>
            <Chip.Group value={chosen} onChange={(topic) => form.setFieldValue('type', String(topic))}>
              <Group gap="xs" role="group" aria-labelledby="support-topic-label">
                {supportTopics.map((topic) => (
                  <Chip key={topic} value={topic} variant="outline">
                    {topic}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <TextInput
            label="Topic"
            placeholder="Choose a topic above or type your own"
            withAsterisk
            {...form.getInputProps('type')}
          />
          <Textarea
            label="Message"
            placeholder="How can we help?"
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            {...form.getInputProps('message')}
          />
          <Alert
            variant="light"
            color="yellow"
            icon={<IconAlertTriangle />}
            title="Protect yourself from fraud"
          >
            {messages.fraudNotice}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send Message
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
