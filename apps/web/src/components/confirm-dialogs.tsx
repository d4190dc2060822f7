import { useLingui } from '@lingui/react/macro';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useConfirmation } from './confirm.tsx';
import { Dialog } from './overlays/dialog.tsx';

/**
 * The confirmations asked for with `confirmAction` (confirm.tsx), one at a time: the message, what
 * confirming does point by point, and Cancel / Confirm. Mounted by the customer area after its first
 * screen (customer-layout.tsx) and by the staff area.
 */
export function ConfirmDialogs() {
  const { t } = useLingui();
  const [confirmation, done] = useConfirmation();
  if (!confirmation) return null;
  const { id, title = t`Please confirm`, message, details, danger, onConfirm } = confirmation;
  const labels = confirmation.labels ?? { confirm: t`Confirm`, cancel: t`Cancel` };
  return (
    // Keyed by the confirmation: the next one asked for is a dialog of its own.
    <Dialog key={id} opened onClose={() => done(id)} title={title}>
      <Stack gap="md">
        {details ? (
          <Stack gap="xs">
            <Text size="sm">{message}</Text>
            <List size="sm" spacing={4}>
              {details.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text size="sm">{message}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => done(id)}>
            {labels.cancel}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={() => {
              done(id);
              onConfirm();
            }}
          >
            {labels.confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
