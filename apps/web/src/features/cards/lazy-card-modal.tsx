import { type ComponentProps, lazy } from 'react';
import { LazyModal } from '../../components/lazy-modal.tsx';

const CardModal = lazy(() => import('./card-modal.tsx').then((m) => ({ default: m.CardModal })));

/** The add/edit card modal, its code (card form, encryption, schemas) loaded on first opening. */
export function LazyCardModal(props: ComponentProps<typeof CardModal>) {
  return <LazyModal opened={props.opened} render={(opened) => <CardModal {...props} opened={opened} />} />;
}
