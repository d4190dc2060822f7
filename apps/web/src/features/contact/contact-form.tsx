import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ContactUsRequest, contactTopics, messages, textLimits } from '@pria/contracts';
import { ApiError } from '../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { FraudNotice, TopicField } from '../../components/form/topic-field.tsx';
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
        <TopicField
          topics={contactTopics}
          input={form.getInputProps('type')}
          onPick={(topic) => form.setFieldValue('type', topic)}
          key={form.key('type')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          withAsterisk
          maxLength={254}
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
          maxLength={textLimits.message}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <FraudNotice />
        <Button type="submit" size="md" loading={sendContact.isPending} fullWidth>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
