import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, type PasskeyView } from '@pria/contracts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiError, api, dataOf } from '../../app/api-client.ts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { notifySuccess } from '../../app/notify.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { LazyModal, useLoadWhenIdle } from '../../components/lazy-modal.tsx';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { Tooltip } from '../../components/overlays/tooltip.tsx';
import { isReauthError } from './reauth.ts';

export type Passkey = PasskeyView;

const passkeyKeys = { all: ['passkeys'] as const };

/** Naming a passkey (adding or renaming one): its dialog's code loads when it opens. */
const downloadNameModal = () => import('./passkey-name-modal.tsx');
const NameModal = lazy(() => downloadNameModal().then((m) => ({ default: m.NameModal })));

/** What the name dialog is for: kept while it closes, so its words do not change as it goes. */
type Naming = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

/** GET /account/passkeys; null when the sign-in provider is not Pria's own (no passkeys here). */
function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.all,
    queryFn: async ({ signal }) => {
      try {
        return await dataOf(api.GET('/api/v1/account/passkeys', { signal }));
      } catch (error) {
        if (error instanceof ApiError && (error.httpCode === 404 || error.httpCode === 403)) return null;
        throw error;
      }
    },
  });
}

/** The browser's half of the ceremony, loaded when someone adds a passkey (not on every page). */
async function createPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The document's options schema is open (WebAuthn's JSON, extensible); the browser library's
  // type names what the ceremony reads of it.
  // The document's options schema is open and names only some of WebAuthn's fields (no
  // user.displayName): the browser library's type names what the ceremony reads.
  const options = await dataOf(api.POST('/api/v1/account/passkeys/options'));
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  // Spread into plain objects: the library's interfaces carry no index signature, the schema's
  // objects are open.
  const body = {
    name,
    response: {
      ...response,
      response: { ...response.response },
      clientExtensionResults: { ...response.clientExtensionResults },
    },
  };
  return dataOf(api.POST('/api/v1/account/passkeys', { body }));
}

/**
 * Account → Security → Passkeys (issue 18): add one (the browser or a security key makes it),
 * see each with its created and last-used dates, rename, remove (after a recent sign-in).
 */
export function PasskeysSection({ onReauth }: { onReauth: (message: string) => void }) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const day = (iso: string) => formatDate(iso, 'long', locale);
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
  const [naming, setNaming] = useState<Naming>({ kind: 'add' });
  const [namingOpen, setNamingOpen] = useState(false);
  const openNaming = (next: Naming) => {
    setNaming(next);
    setNamingOpen(true);
  };
  useLoadWhenIdle(downloadNameModal);

  const add = useMutation({
    mutationFn: createPasskey,
    onSuccess: () => {
      setNamingOpen(false);
      refresh();
      notifySuccess(t`Passkey added`);
    },
    onError: (error) => {
      setNamingOpen(false);
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        const none = t`No passkey was created`;
        notifyApiError(new Error(none), none);
        return;
      }
      notifyApiError(error, t`That passkey could not be added. Try again.`);
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      dataOf(api.PATCH('/api/v1/account/passkeys/{id}', { params: { path: { id } }, body: { name } })),
    onSuccess: () => {
      setNamingOpen(false);
      refresh();
      notifySuccess(t`Passkey renamed`);
    },
    onError: (error) => notifyApiError(error, t`Could not rename the passkey`),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      dataOf(api.DELETE('/api/v1/account/passkeys/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      refresh();
      notifySuccess(t`Passkey removed`);
    },
    onError: (error) =>
      isReauthError(error)
        ? onReauth((error as Error).message)
        : notifyApiError(error, t`Could not remove the passkey`),
  });

  if (passkeys.isPending) return <Skeleton height={80} radius="md" aria-label={t`Loading passkeys`} />;
  if (passkeys.isError) {
    return (
      <Alert color="red" title={t`Could not load your passkeys`}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void passkeys.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  if (passkeys.data === null) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Passkeys are managed by your sign-in provider.</Trans>
      </Text>
    );
  }
  const list = passkeys.data;
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>
          Sign in with your fingerprint, face, screen lock or a security key instead of your password. A
          passkey sign-in counts as two-factor.
        </Trans>
      </Text>
      {list.length === 0 ? (
        <Text size="sm">
          <Trans>You have no passkeys yet.</Trans>
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Your passkeys`}
        >
          {list.map((p) => {
            const created = day(p.createdAt);
            return (
              <Paper key={p.id} withBorder radius="md" p="sm" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    <IconKey size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {p.name}
                        </Text>
                        {p.synced && (
                          <Badge size="xs" variant="light" color="teal">
                            <Trans>Synced</Trans>
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t({ message: `Added ${created}`, context: 'a passkey (feminine in Spanish)' })} ·{' '}
                        {p.lastUsedAt ? t`Last used ${day(p.lastUsedAt)}` : t`Not used yet`}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t`Rename`}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Rename passkey ${p.name}`}
                        onClick={() => openNaming({ kind: 'rename', passkey: p })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t`Remove`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove passkey ${p.name}`}
                        loading={remove.isPending && remove.variables === p.id}
                        onClick={() =>
                          confirmAction({
                            title: t`Remove passkey`,
                            message: t`Remove "${p.name}"? It will no longer sign you in. Remove it from the device or password manager too.`,
                            danger: true,
                            labels: { confirm: t`Remove passkey`, cancel: t`Cancel` },
                            onConfirm: () => remove.mutate(p.id),
                          })
                        }
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {supported ? (
        <Button
          variant="light"
          leftSection={<IconKey size={16} aria-hidden />}
          w="fit-content"
          loading={add.isPending}
          onClick={() => openNaming({ kind: 'add' })}
        >
          <Trans>Add a passkey</Trans>
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>This browser cannot create passkeys.</Trans>
        </Text>
      )}
      <LazyModal
        opened={namingOpen}
        render={(opened) =>
          naming.kind === 'add' ? (
            <NameModal
              opened={opened}
              title={t`Add a passkey`}
              initial={t`Passkey ${list.length + 1}`}
              submitLabel={t`Continue`}
              busy={add.isPending}
              onClose={() => setNamingOpen(false)}
              onSubmit={(name) => add.mutate(name)}
            />
          ) : (
            <NameModal
              opened={opened}
              title={t`Rename passkey`}
              initial={naming.passkey.name}
              submitLabel={t`Save`}
              busy={rename.isPending}
              onClose={() => setNamingOpen(false)}
              onSubmit={(name) => rename.mutate({ id: naming.passkey.id, name })}
            />
          )
        }
      />
    </Stack>
  );
}
