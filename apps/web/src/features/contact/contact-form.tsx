import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { usePrevious } from '@mantine/hooks';
import { type ContactUsRequest, contactTopics, messages, textLimits } from '@pria/contracts';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../app/api-client.ts';
import { translated, translatedErrors } from '../../app/i18n/contract-messages.ts';
import { dismissNotification, notifyError, notifySuccess } from '../../app/notify.ts';
import {
  checkedValue,
  formBeforeApp,
  typedValue,
  useTakeOverFromBrowser,
} from '../../components/form/before-app.ts';
import { focusFirstInvalid } from '../../components/form/focus-invalid.ts';
import { LimitedTextarea } from '../../components/form/limited-textarea.tsx';
import { FraudNotice, TopicField } from '../../components/form/topic-field.tsx';
import { useSendContact } from './use-send-contact.ts';
import { validateContact } from './validate-contact.ts';

const emptyForm: ContactUsRequest = { type: '', email: '', message: '' };
/** The toast of a refused try: each one replaces the last. */
const refusedToast = 'contact-form-refused';

function failureMessage(error: unknown): string {
  // 4xx answers (validation, rate limit) explain themselves; anything else gets the spec's apology.
  if (error instanceof ApiError && error.isClientError) return error.displayMessage;
  return translated(messages.supportFailed);
}

export function ContactForm() {
  const form = useForm<ContactUsRequest>({
    mode: 'controlled',
    initialValues: emptyForm,
    // The shared schema's words, in the reader's language.
    validate: (values) => translatedErrors(validateContact(values)),
  });
  const { t } = useLingui();
  const sendContact = useSendContact();
  // The page is sent without the app (ADR 82): what was typed or picked before it ran is the form's.
  const formRef = useRef<HTMLFormElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  // The send button is disabled while it sends, which drops the keyboard's focus: back to it once
  // it is enabled again (unless the focus went somewhere meanwhile).
  const sending = sendContact.isPending;
  const wasSending = usePrevious(sending);
  useEffect(() => {
    if (wasSending && !sending && document.activeElement === document.body) sendButton.current?.focus();
  }, [sending, wasSending]);
  useTakeOverFromBrowser(formRef, (part) => {
    const typed: ContactUsRequest = {
      // A topic typed wins over a chip picked (picking one fills the field, once the app runs).
      type: typedValue(part, 'type') || checkedValue(part) || '',
      email: typedValue(part, 'email') ?? '',
      message: typedValue(part, 'message') ?? '',
    };
    // A chip the browser checked that is not the topic now (one typed after it): unchecked.
    for (const chip of part.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
      chip.checked = chip.value === typed.type;
    }
    if (typed.type || typed.email || typed.message) form.setValues(typed);
  });

  const submit = form.onSubmit(
    (values) =>
      sendContact.mutate(
        { type: values.type.trim(), email: values.email.trim(), message: values.message.trim() },
        {
          onSuccess: () => {
            dismissNotification(refusedToast);
            notifySuccess(translated(messages.messageSent));
            form.reset();
          },
          onError: (error) => notifyError(failureMessage(error), { replacing: refusedToast }),
        },
      ),
    () => {
      notifyError(translated(messages.contactInvalid), { replacing: refusedToast });
      focusFirstInvalid(formRef.current);
    },
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t`Contact us`} {...formBeforeApp}>
      <Stack gap="md">
        <TopicField
          topics={contactTopics}
          input={{ ...form.getInputProps('type'), name: 'type' }}
          onPick={(topic) => form.setFieldValue('type', topic)}
          key={form.key('type')}
        />
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          withAsterisk
          maxLength={254}
          name="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <LimitedTextarea
          label={t`Message`}
          placeholder={t`How can we help?`}
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          maxLength={textLimits.message}
          name="message"
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <FraudNotice />
        <Button ref={sendButton} type="submit" size="md" loading={sendContact.isPending} fullWidth>
          <Trans>Send Message</Trans>
        </Button>
      </Stack>
    </form>
  );
}
