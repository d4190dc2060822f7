import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { AgreementsPanel } from './agreements-panel.tsx';
import { DataExportPanel } from './data-export-panel.tsx';

/** Account → Privacy: your data, and (issue 32) what you agreed to. */
export function PrivacySection() {
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Your data</Trans>
        </Title>
        <DataExportPanel />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Agreements</Trans>
        </Title>
        <AgreementsPanel />
      </Stack>
    </Stack>
  );
}
