import { t } from '@lingui/core/macro';
import { confirmAction } from '../../components/confirm.tsx';
import { planChangeDetails } from './plan-change-words.ts';

/** Asks before a plan change (or calling one off), in planChangeDetails' words (ADR 40). */
export function confirmPlanChange(change: Parameters<typeof planChangeDetails>[0], onConfirm: () => void) {
  const words = planChangeDetails(change);
  confirmAction({
    title: words.title,
    message: words.message,
    details: words.details,
    labels: { confirm: words.confirm, cancel: t`Go back` },
    onConfirm,
  });
}
