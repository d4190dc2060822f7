import { useLingui } from '@lingui/react/macro';
import type { ScrollTableWords } from '../../components/scroll-table.tsx';

/** A wide table's sideways-scroll hint and region name in the reader's language (the customer's tables). */
export function useScrollTableWords(): ScrollTableWords {
  const { t } = useLingui();
  return {
    more: t`Scroll for more →`,
    back: t`← Scroll back`,
    region: (label) => t`${label}, scrolls sideways`,
  };
}
