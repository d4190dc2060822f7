import { Alert, Button, Chip, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ContactUsRequest, contactTopics, messages } from '@pria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSendContact } from './use-send-contact.ts';
import { validateContact } from './validate-contact.ts';

const emptyForm: ContactUsRequest = { type: '', email: '', message: '' };

function failureMessage(error: unknown): string {
  // 4xx answers (validation, rate limit) explain themselves; anything else gets the spec's apology.
  if (error instanceof ApiError && error.isClientError) return error.displayMessage;
  return messages.supportFailed;
}

export function ContactForm() {
  const form = useForm<ContactUsRequest>({
    mode: 'controlled',
    initialValues: emptyForm,
    validate: validateContact,
  });
  const sendContact = useSendContact();
  const chosenTopic = (contactTopics as readonly string[]).includes(form.values.type) ? form.values.type : '';

  const submit = form.onSubmit(
    (values) =>
      sendContact.mutate(
        { type: values.type.trim(), email: values.email.trim(), message: values.message.trim() },
        {
          onSuccess: () => {
            notifySuccess(messages.messageSent);
            form.reset();
          },
          onError: (error) => notifyError(failureMessage(error)),
        },
      ),
    () => notifyError(messages.contactInvalid),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="md">
        <div>
          <Text fw={500} fz="sm" mb={8} id="topic-chips-label">
            Choose a topic
          </Text>
          <Chip.Group value={chosenTopic} onChange={(topic) => form.setFieldValue('type', String(topic))}>
            <Group gap="xs" role="group" aria-labelledby="topic-chips-label">
              {contactTopics.map((topic) => (
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
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Message"
          placeholder="How can we help?"
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          key={form.key('message')}
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
        <Button type="submit" size="md" loading={sendContact.isPending} fullWidth>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
