import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, TextInput } from '@mantine/core';
import { usePrevious } from '@mantine/hooks';
import { type ContactUsRequest, contactTopics, messages, textLimits } from '@pria/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
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

type Field = keyof ContactUsRequest;

/**
 * The form's values and the errors of its last refused submit, each error cleared as its field
 * changes: what `@mantine/form` did for these three fields (~4.6 KB gzip that /contact no longer
 * loads; ADR 90).
 */
function useContactValues() {
  const [values, setValues] = useState<ContactUsRequest>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const setField = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  const inputProps = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string) =>
      setField(name, typeof event === 'string' ? event : event.currentTarget.value),
  });
  // The shared schema's words, in the reader's language.
  const check = () => {
    const found = translatedErrors(validateContact(values)) as Partial<Record<Field, string>>;
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const reset = () => {
    setValues(emptyForm);
    setErrors({});
  };
  return { values, setValues, setField, inputProps, check, reset };
}

export function ContactForm() {
  const form = useContactValues();
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check()) {
      notifyError(translated(messages.contactInvalid), { replacing: refusedToast });
      focusFirstInvalid(formRef.current);
      return;
    }
    const { values } = form;
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
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t`Contact us`} {...formBeforeApp}>
      <Stack gap="md">
        <TopicField
          topics={contactTopics}
          input={{ ...form.inputProps('type'), name: 'type' }}
          onPick={(topic) => form.setField('type', topic)}
        />
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          withAsterisk
          maxLength={254}
          name="email"
          {...form.inputProps('email')}
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
          {...form.inputProps('message')}
        />
        <FraudNotice />
        <Button ref={sendButton} type="submit" size="md" loading={sendContact.isPending} fullWidth>
          <Trans>Send Message</Trans>
        </Button>
      </Stack>
    </form>
  );
}
