import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { RECOVERY_CODES_FILE, recoveryCodesText } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../../app/api-client.ts';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { mfaKeys, useMfaStatus } from './queries.ts';
import { isReauthError } from './reauth.ts';
import classes from './recovery-codes.module.css';

const recoveryKey = [...mfaKeys.all, 'recovery-codes'] as const;

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
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t`Your new recovery codes`}
        closeOnClickOutside={false}
        centered
        // Printed, the page shows the codes alone (recovery-codes.module.css).
        classNames={{ root: classes.printRoot, overlay: classes.noPrint, close: classes.noPrint }}
      >
        <Stack gap="sm">
          <Text size="sm" className={classes.noPrint}>
            <Trans>
              Save these codes somewhere safe, such as a password manager. Each signs you in once.{' '}
              <strong>We will not show them again.</strong>
            </Trans>
          </Text>
          <SimpleGrid
            cols={2}
            spacing="xs"
            component="ul"
            aria-label={t`Recovery codes`}
            style={{ listStyle: 'none', padding: 0 }}
          >
            {shown?.map((c) => (
              <li key={c}>
                <Code block ta="center" fz="md">
                  {c}
                </Code>
              </li>
            ))}
          </SimpleGrid>
          {shown && <KeepCodes codes={shown} />}
          <Button className={classes.noPrint} onClick={() => setShown(null)}>
            <Trans>I saved my codes</Trans>
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Copy, download or print the codes: the same text every way (contracts' recoveryCodesText). */
function KeepCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const text = recoveryCodesText(codes, currentLanguage());
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    // The download has its own copy of the bytes once it starts.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Group gap="xs" grow className={classes.noPrint}>
      <CopyButton value={text} timeout={4000}>
        {({ copied, copy }) => (
          <Button variant="default" size="xs" onClick={copy} aria-live="polite">
            {copied ? t`Copied` : t`Copy`}
          </Button>
        )}
      </CopyButton>
      <Button variant="default" size="xs" onClick={download}>
        <Trans>Download</Trans>
      </Button>
      <Button variant="default" size="xs" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </Group>
  );
}
