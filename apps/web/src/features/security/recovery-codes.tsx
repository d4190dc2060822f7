import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { api, dataOf } from '../../app/api-client.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { LazyModal, useLoadWhenIdle } from '../../components/lazy-modal.tsx';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { mfaKeys, useMfaStatus } from './queries.ts';
import { isReauthError } from './reauth.ts';

const recoveryKey = [...mfaKeys.all, 'recovery-codes'] as const;

const downloadDialog = () => import('./recovery-codes-dialog.tsx');
const RecoveryCodesDialog = lazy(() => downloadDialog().then((m) => ({ default: m.RecoveryCodesDialog })));

/**
 * Two-factor recovery codes (issue 29): how many are left, and new ones (replacing the old),
 * shown once in a dialog. Only while two-factor authentication is on.
 */
export function RecoveryCodes({ onReauth }: { onReauth: (message: string) => void }) {
  const { t } = useLingui();
  const mfa = useMfaStatus();
  const queryClient = useQueryClient();
  const left = useQuery({
    queryKey: recoveryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/mfa/recovery-codes', { signal })),
    enabled: mfa.data?.on === true,
  });
  const [shown, setShown] = useState<string[] | null>(null);
  useLoadWhenIdle(downloadDialog);
  const renew = useMutation({
    mutationFn: () => dataOf(api.POST('/api/v1/mfa/recovery-codes')),
    onSuccess: ({ codes }) => {
      setShown(codes);
      void queryClient.invalidateQueries({ queryKey: recoveryKey });
    },
    onError: (error) => (isReauthError(error) ? onReauth((error as Error).message) : notifyApiError(error)),
  });
  if (!mfa.data?.on) return null;
  const count = left.data?.left;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        <Trans>Recovery codes</Trans>
      </Text>
      <Text size="sm" c={count === 0 ? 'red' : 'dimmed'}>
        {count === undefined
          ? t`Checking…`
          : count === 0
            ? t`You have no recovery codes left. Create new ones, so you can still sign in if you lose your phone.`
            : t`${plural(count, { one: '# unused code left.', other: '# unused codes left.' })} Each signs you in once if you cannot get a code.`}
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={renew.isPending}
          onClick={() =>
            confirmAction({
              title: t`Create new recovery codes`,
              message: t`Your current recovery codes will stop working. Create new ones?`,
              labels: { confirm: t`Create new codes`, cancel: t`Cancel` },
              onConfirm: () => renew.mutate(),
            })
          }
        >
          <Trans>Create new codes</Trans>
        </Button>
      </Group>
      <LazyModal
        opened={shown !== null}
        render={(opened) => (
          <RecoveryCodesDialog opened={opened} codes={shown} onClose={() => setShown(null)} />
        )}
      />
    </Stack>
  );
}
