import { type ComponentProps, lazy } from 'react';
import { LazyModal } from '../../components/lazy-modal.tsx';

const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** The account deletion's dialogs, their code (Modal, the code form) loaded on first opening. */
export function LazyDeleteAccountDialog(props: ComponentProps<typeof DeleteAccountDialog>) {
  return (
    <LazyModal
      opened={props.opened}
      render={(opened) => <DeleteAccountDialog {...props} opened={opened} />}
    />
  );
}
