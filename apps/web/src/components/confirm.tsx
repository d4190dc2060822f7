import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface ConfirmOptions {
  title?: string;
  message: string;
  onConfirm: () => void;
  danger?: boolean;
}

/** Every destructive or money-affecting action asks first, with the spec's Cancel / Confirm. */
export function confirmAction({
  title = 'Please confirm',
  message,
  onConfirm,
  danger = false,
}: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Confirm', cancel: 'Cancel' },
    confirmProps: { color: danger ? 'red' : undefined },
    zIndex: 400,
    onConfirm,
  });
}
