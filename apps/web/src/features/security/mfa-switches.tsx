import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { type MfaType, messages } from '@pria/contracts';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { translated } from '../../app/i18n/contract-messages.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { useDisableMfa, useEnableMfa } from './mutations.ts';
import { type MfaState, useMfaStatus } from './queries.ts';

export const mfaTypeLabel: Record<MfaType, MessageDescriptor> = {
  authenticator: msg`Authenticator app`,
  email: msg`Email`,
  sms: msg`SMS`,
};

const methods: { type: MfaType; description: MessageDescriptor; unverified?: MessageDescriptor }[] = [
  {
    type: 'authenticator',
    description: msg`A code from an app such as Google Authenticator, 1Password or Authy. Works offline.`,
  },
  {
    type: 'email',
    description: msg`A code sent to your email address each time you log in.`,
    unverified: msg`A code sent to your email address each time you log in. Verify your email address (Personal Information) to use it.`,
  },
  { type: 'sms', description: msg`A code sent by text message to the phone number in your profile.` },
];

/** Poll GET /mfa this often while the enrolment page is open in another tab. */
const ENROLMENT_POLL_MS = 3000;

interface MfaSwitchesProps {
  emailVerified: boolean;
  onReauth: (message: string) => void;
}

/**
 * The three two-factor switches (spec §4): one shared state read from GET /mfa. Switching any
 * of them on asks for an enrolment link and opens it in a new tab (the method is chosen there);
 * switching off turns MFA off. The email switch looks on only when the email is verified.
 */
export function MfaSwitches({ emailVerified, onReauth }: MfaSwitchesProps) {
  // The link being completed in the other tab, and the state it started from.
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<{ url: string; from: MfaState } | null>(null);
  const status = useMfaStatus(pending ? ENROLMENT_POLL_MS : false);
  const enable = useEnableMfa({
    onReauth,
    onLink: (url) => setPending({ url, from: status.data ?? { on: false, type: null } }),
  });
  const disable = useDisableMfa({ onReauth });

  // The enrolment finished (or changed the method) once the status moves away from where it started.
  const current = status.data;
  useEffect(() => {
    if (pending && current && (current.on !== pending.from.on || current.type !== pending.from.type)) {
      setPending(null);
    }
  }, [pending, current]);

  if (status.isPending)
    return <Skeleton height={150} radius="md" aria-label={t`Loading two-factor settings`} />;
  if (status.isError || !current) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title={t`Could not load your two-factor settings`}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void status.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }

  const busy = enable.isPending || disable.isPending;
  const onType = current.type ? i18n._(mfaTypeLabel[current.type]) : '';
  const toggle = (on: boolean) => {
    if (on) {
      enable.mutate();
      return;
    }
    confirmAction({
      title: t`Turn off two-factor authentication`,
      message: translated(messages.confirmDisableMfa),
      danger: true,
      onConfirm: () => {
        setPending(null);
        disable.mutate();
      },
    });
  };

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          <Trans>Two-factor authentication asks for a code after your password each time you log in.</Trans>
        </Text>
        <Badge color={current.on ? 'teal' : 'gray'} variant="light" tt="none" data-testid="mfa-status">
          {current.on && current.type ? t`On: ${onType}` : t`Off`}
        </Badge>
      </Group>
      <Stack gap="sm" role="group" aria-label={t`Two-factor authentication methods`}>
        {methods.map((m) => {
          const checked = m.type === 'email' ? current.on && emailVerified : current.on;
          const inUse = current.on && current.type === m.type;
          const label = i18n._(mfaTypeLabel[m.type]);
          return (
            <Switch
              key={m.type}
              size="md"
              label={
                <Group gap={6} component="span">
                  {label}
                  {inUse && (
                    <Badge size="xs" color="teal" variant="filled" tt="none" component="span">
                      <Trans>In use</Trans>
                    </Badge>
                  )}
                </Group>
              }
              aria-label={label}
              description={m.unverified && !emailVerified ? i18n._(m.unverified) : i18n._(m.description)}
              checked={checked}
              disabled={busy}
              onChange={(event) => toggle(event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
      {pending && (
        <Alert
          color="blue"
          variant="light"
          title={t`Finish in the new tab`}
          withCloseButton
          closeButtonLabel={t`Dismiss`}
          onClose={() => setPending(null)}
          role="status"
        >
          <Text size="sm">{translated(messages.mfaFinishInNewTab)}</Text>
          <Anchor href={pending.url} target="_blank" rel="noopener noreferrer" size="sm" mt={4} inline>
            <Trans>Open the set-up page again</Trans> <IconExternalLink size={14} aria-hidden />
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
