import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pria/contracts';
import { ApiError } from '../../app/api-error.ts';
import { translated, translatedErrors } from '../../app/i18n/contract-messages.ts';
import { notifySuccess } from '../../app/notify.ts';
import { focusFirstInvalid } from '../../components/form/focus-invalid.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { endLocalSession, LEAVE_DELAY_MS } from './end-local-session.ts';
import { useChangePassword } from './mutations.ts';
import { isReauthError } from './reauth.ts';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** The server's refusals of the current password (ADR 38), shown under that field. */
const currentPasswordRefusals: readonly string[] = [
  messages.currentPasswordWrong,
  messages.currentPasswordLocked,
];

/**
 * Spec §5: 'Password is required', 'Passwords must match' (each a sentence, with its full stop:
 * issue 40); the API's length limits too; and the
 * current password (issue 29), which the server checks like a sign-in.
 */
export function validatePassword(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.currentPassword) errors.currentPassword = messages.currentPasswordRequired;
  if (!values.password) errors.password = messages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = messages.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = messages.passwordTooLong;
  if (values.confirmPassword !== values.password) errors.confirmPassword = messages.passwordsMustMatch;
  return errors;
}

interface PasswordFormProps {
  onReauth: (message: string) => void;
}

/** New password + confirmation; success ends every session, so the user is logged out here too. */
export function PasswordForm({ onReauth }: PasswordFormProps) {
  const { t } = useLingui();
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (values) => translatedErrors(validatePassword(values)),
  });

  const submit = (values: PasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySuccess(messages.passwordChanged);
        void endLocalSession(LEAVE_DELAY_MS, '/signed-out?reason=password-changed');
      },
      onError: (error) => {
        if (isReauthError(error)) onReauth((error as Error).message);
        else if (error instanceof ApiError && currentPasswordRefusals.includes(error.message)) {
          // Nothing changed: the new password stays typed, the current one is asked again.
          form.setFieldValue('currentPassword', '');
          form.setFieldError('currentPassword', translated(error.message));
          form.getInputNode('currentPassword')?.focus();
        } else if (error instanceof ApiError && error.httpCode === 400)
          form.setFieldError('password', error.displayMessage);
        else notifyApiError(error);
      },
    });

  // NOTE: Mantine's PasswordInput marks its inner input data-invalid but not aria-invalid (its
  // other inputs do): say it, so a screen reader announces the field as invalid with its error.
  // Mantine's show/hide button is named in English ("Toggle password visibility"): named here in the
  // reader's language.
  const visibilityToggleButtonProps = { 'aria-label': t`Toggle password visibility` };
  const passwordProps = (field: keyof PasswordValues) => {
    const props = form.getInputProps(field);
    return { ...props, 'aria-invalid': props.error ? true : undefined, visibilityToggleButtonProps };
  };
  const leaving = change.isSuccess;
  return (
    <form
      onSubmit={form.onSubmit(submit, (_errors, _values, event) =>
        focusFirstInvalid(event?.currentTarget as HTMLFormElement | undefined),
      )}
      noValidate
      aria-label={t`Change password`}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>
            Use at least {PASSWORD_MIN_LENGTH} characters. Changing your password signs you out on every
            device; then you log in again with the new one.
          </Trans>
        </Text>
        <PasswordInput
          label={t`Current password`}
          description={t`To make sure it is you`}
          autoComplete="current-password"
          withAsterisk
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          disabled={leaving}
          {...passwordProps('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            withAsterisk
            maxLength={PASSWORD_MAX_LENGTH}
            disabled={leaving}
            {...passwordProps('password')}
          />
          <PasswordInput
            label={t`Confirm password`}
            autoComplete="new-password"
            withAsterisk
            maxLength={PASSWORD_MAX_LENGTH}
            disabled={leaving}
            {...passwordProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending || leaving}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
        {leaving && (
          <Text role="status" size="sm" c="teal.8">
            {translated(messages.passwordChanged)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
