import { type ComponentProps, lazy } from 'react';
import { LazyModal } from '../../components/lazy-modal.tsx';

const CustomRangeModal = lazy(() =>
  import('./custom-range-modal.tsx').then((m) => ({ default: m.CustomRangeModal })),
);

/**
 * The "Custom range" dialog, its code loaded on first opening: most visits to the dashboard never
 * open it (ADR 70).
 */
export function LazyCustomRangeModal(props: ComponentProps<typeof CustomRangeModal>) {
  return (
    <LazyModal opened={props.opened} render={(opened) => <CustomRangeModal {...props} opened={opened} />} />
  );
}
