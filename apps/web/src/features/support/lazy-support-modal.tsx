import { type ComponentProps, lazy } from 'react';
import { LazyModal } from '../../components/lazy-modal.tsx';

const SupportModal = lazy(() => import('./support-modal.tsx').then((m) => ({ default: m.SupportModal })));

/** The support request modal, its code (form, schema) loaded on first opening. */
export function LazySupportModal(props: ComponentProps<typeof SupportModal>) {
  return <LazyModal opened={props.opened} render={(opened) => <SupportModal {...props} opened={opened} />} />;
}
