import { useLingui } from '@lingui/react/macro';
import type { ConsentRecordsWords } from '../../components/consent-records-table.tsx';
import { useScrollTableWords } from '../customer/scroll-table-words.ts';

/** The consent records table's words in the reader's language (Account → Privacy). */
export function useConsentRecordsWords(): ConsentRecordsWords {
  const { t } = useLingui();
  return {
    empty: t`No Results`,
    columns: {
      document: t`Document`,
      version: t`Version`,
      where: t`Where`,
      accepted: t`Accepted`,
      ip: t`IP address`,
    },
    contexts: {
      'sign-up': t`Sign-up`,
      checkout: t`Checkout`,
      card: t`Card added`,
      update: t`Accepted an update`,
    },
    scroll: useScrollTableWords(),
  };
}
