import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { RECOVERY_CODES_FILE, recoveryCodesText } from '@pria/contracts';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import { Dialog } from '../../components/overlays/dialog.tsx';
import classes from './recovery-codes.module.css';

/**
 * New recovery codes, shown once (loaded when they are: its Modal is not in the account page's
 * first load). `codes` is null while it closes.
 */
export function RecoveryCodesDialog({
  opened,
  codes,
  onClose,
}: {
  opened: boolean;
  codes: string[] | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t`Your new recovery codes`}
      closeOnClickOutside={false}
      // Printed, the page shows the codes alone (recovery-codes.module.css).
      className={classes.printRoot}
      noPrintClassName={classes.noPrint}
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
          {codes?.map((c) => (
            <li key={c}>
              <Code block ta="center" fz="md">
                {c}
              </Code>
            </li>
          ))}
        </SimpleGrid>
        {codes && <KeepCodes codes={codes} />}
        <Button className={classes.noPrint} onClick={onClose}>
          <Trans>I saved my codes</Trans>
        </Button>
      </Stack>
    </Dialog>
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
