import { type ComponentProps, lazy } from 'react';
import { LazyModal, useLoadWhenIdle } from '../../components/lazy-modal.tsx';

const download = () => import('./delete-account-dialog.tsx');
const DeleteAccountDialog = lazy(() => download().then((m) => ({ default: m.DeleteAccountDialog })));

/**
 * The account deletion's dialogs: their code (Modal, the code form) is not in the account page's
 * first load; it downloads once the page is idle, or when the dialog opens.
 */
export function LazyDeleteAccountDialog(props: ComponentProps<typeof DeleteAccountDialog>) {
  useLoadWhenIdle(download);
  return (
    <LazyModal
      opened={props.opened}
      render={(opened) => <DeleteAccountDialog {...props} opened={opened} />}
    />
  );
}
