import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { type MfaType, messages } from '@pria/contracts';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { confirmAction } from '../../components/confirm.tsx';
import { useDisableMfa, useEnableMfa } from './mutations.ts';
import { type MfaState, useMfaStatus } from './queries.ts';

const methods: { type: MfaType; label: string; description: string }[] = [
  {
    type: 'authenticator',
    label: 'Authenticator app',
    description: 'A code from an app such as Google Authenticator, 1Password or Authy. Works offline.',
  },
  { type: 'email', label: 'Email', description: 'A code sent to your email address each time you log in.' },
  {
    type: 'sms',
    label: 'SMS',
    description: 'A code sent by text message to the phone number in your profile.',
  },
];

export const mfaTypeLabel: Record<MfaType, string> = {
  authenticator: 'Authenticator app',
  email: 'Email',
  sms: 'SMS',
};

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

  if (status.isPending) return <Skeleton height={150} radius="md" aria-label="Loading two-factor settings" />;
  if (status.isError || !current) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title="Could not load your two-factor settings"
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const busy = enable.isPending || disable.isPending;
  const toggle = (on: boolean) => {
    if (on) {
      enable.mutate();
      return;
    }
    confirmAction({
      title: 'Turn off two-factor authentication',
      message: messages.confirmDisableMfa,
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
          Two-factor authentication asks for a code after your password each time you log in.
        </Text>
        <Badge color={current.on ? 'teal' : 'gray'} variant="light" tt="none" data-testid="mfa-status">
          {current.on && current.type ? `On: ${mfaTypeLabel[current.type]}` : 'Off'}
        </Badge>
      </Group>
      <Stack gap="sm" role="group" aria-label="Two-factor authentication methods">
        {methods.map((m) => {
          const checked = m.type === 'email' ? current.on && emailVerified : current.on;
          const inUse = current.on && current.type === m.type;
          return (
            <Switch
              key={m.type}
              size="md"
              label={
                <Group gap={6} component="span">
                  {m.label}
                  {inUse && (
                    <Badge size="xs" color="teal" variant="filled" tt="none" component="span">
                      In use
                    </Badge>
                  )}
                </Group>
              }
              aria-label={m.label}
              description={
                m.type === 'email' && !emailVerified
                  ? `${m.description} Verify your email address (Personal Information) to use it.`
                  : m.description
              }
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
          title="Finish in the new tab"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setPending(null)}
          role="status"
        >
          <Text size="sm">{messages.mfaFinishInNewTab}</Text>
          <Anchor href={pending.url} target="_blank" rel="noopener noreferrer" size="sm" mt={4} inline>
            Open the set-up page again <IconExternalLink size={14} aria-hidden />
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
