import { useLingui } from '@lingui/react/macro';
import { ModalsProvider } from '@mantine/modals';
import { useConfirmDialogsListening } from '../../components/confirm.tsx';

/**
 * The customer area's confirmation dialogs (components/confirm.tsx), loaded after its first screen
 * (customer-layout.tsx): Mantine's Modal, its scroll lock and focus trap are ~8 KB gzip that no
 * first screen shows (issue 43). Drawn in place, not through a portal: a portal mounted with the
 * page makes its commit one long task (mounted-later.ts); they are fixed over the whole window.
 */
export function ConfirmDialogs() {
  const { t } = useLingui();
  useConfirmDialogsListening();
  return (
    <ModalsProvider
      labels={{ confirm: t`Confirm`, cancel: t`Cancel` }}
      modalProps={{ withinPortal: false }}
    />
  );
}
