import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';

// The customer area's dialogs provider loads after its first screen (customer-confirm-dialogs.tsx): a
// confirmation asked for before it listens opens once it does, instead of being lost.
let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Called by the component that renders Mantine's ModalsProvider: confirmations can open now. */
export function useConfirmDialogsListening() {
  useEffect(() => markListening(), []);
}

interface ConfirmOptions {
  title?: string;
  message: string;
  /** What confirming does, point by point, under the message. */
  details?: string[];
  onConfirm: () => void;
  danger?: boolean;
  /** Button words when 'Confirm' / 'Cancel' would be ambiguous (e.g. cancelling a subscription). */
  labels?: { confirm: string; cancel: string };
}

/** Every destructive or money-affecting action asks first, with the spec's Cancel / Confirm. */
export function confirmAction({
  title = 'Please confirm',
  message,
  details,
  onConfirm,
  danger = false,
  labels = { confirm: 'Confirm', cancel: 'Cancel' },
}: ConfirmOptions) {
  void listening.then(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: details ? (
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
      ),
      labels,
      confirmProps: { color: danger ? 'red' : undefined },
      zIndex: 400,
      onConfirm,
    }),
  );
}
