import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifyApiError } from '../../../components/notify-api-error.ts';
import { forcedRunQuestion } from './preview-words.ts';
import { fetchForcedRunPreview, useForceRun } from './queries.ts';
import type { BillingRun, RunKind } from './run-kinds.ts';
import { runKinds } from './run-kinds.ts';

interface ForcedRunsValue {
  runs: BillingRun[];
  pendingKind: RunKind | undefined;
  /**
   * Asks the server what the run would do (its preview: the month, how many cards, the total),
   * asks for confirmation in those words (`confirm` adds the reason, for a missed month), then
   * forces the run for the period previewed.
   */
  request: (kind: RunKind, options?: { period?: string; title?: string; confirm?: string }) => void;
  dismiss: (id: string) => void;
}

const ForcedRunsContext = createContext<ForcedRunsValue | undefined>(undefined);

/** Shared by the sidebar, the mobile menu and the progress panel, so a run keeps showing across screens. */
export function ForcedRunsProvider({ children }: { children: ReactNode }) {
  const [runs, setRuns] = useState<BillingRun[]>([]);
  const force = useForceRun((run) => setRuns((prev) => [run, ...prev.filter((r) => r.id !== run.id)]));
  const [previewing, setPreviewing] = useState<RunKind | undefined>(undefined);

  const request = useCallback(
    async (kind: RunKind, options: { period?: string; title?: string; confirm?: string } = {}) => {
      setPreviewing(kind);
      try {
        const preview = await fetchForcedRunPreview({ kind, period: options.period });
        const question = forcedRunQuestion(preview);
        confirmAction({
          title: options.title ?? runKinds[kind].button,
          message: question.message,
          details: options.confirm ? [options.confirm, ...question.details] : question.details,
          // The period previewed, not "the latest": the month confirmed is the month charged.
          onConfirm: () =>
            force.mutate({ kind, period: kind === 'subscriptions' ? undefined : preview.period }),
        });
      } catch (error) {
        // A run that may not be forced (a month not due, no pay-in yet) says why, as forcing would.
        notifyApiError(error, runKinds[kind].failure);
      } finally {
        setPreviewing(undefined);
      }
    },
    [force],
  );
  const dismiss = useCallback((id: string) => setRuns((prev) => prev.filter((r) => r.id !== id)), []);

  const value = useMemo(
    () => ({
      runs,
      pendingKind: force.isPending ? force.variables?.kind : previewing,
      request: (kind: RunKind, options?: { period?: string; title?: string; confirm?: string }) =>
        void request(kind, options),
      dismiss,
    }),
    [runs, force.isPending, force.variables, previewing, request, dismiss],
  );
  return <ForcedRunsContext.Provider value={value}>{children}</ForcedRunsContext.Provider>;
}

export function useForcedRuns(): ForcedRunsValue {
  const value = useContext(ForcedRunsContext);
  if (!value) throw new Error('useForcedRuns outside ForcedRunsProvider');
  return value;
}
