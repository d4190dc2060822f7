import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { confirmAction } from '../../../components/confirm.tsx';
import { useForceRun } from './queries.ts';
import type { BillingRun, RunKind } from './run-kinds.ts';
import { runKinds } from './run-kinds.ts';

interface ForcedRunsValue {
  runs: BillingRun[];
  pendingKind: RunKind | undefined;
  /**
   * Asks for confirmation with the spec's words (or `confirm`'s, for a missed month), then forces
   * the run, for `period` when given.
   */
  request: (kind: RunKind, options?: { period?: string; title?: string; confirm?: string }) => void;
  dismiss: (id: string) => void;
}

const ForcedRunsContext = createContext<ForcedRunsValue | undefined>(undefined);

/** Shared by the sidebar, the mobile menu and the progress panel, so a run keeps showing across screens. */
export function ForcedRunsProvider({ children }: { children: ReactNode }) {
  const [runs, setRuns] = useState<BillingRun[]>([]);
  const force = useForceRun((run) => setRuns((prev) => [run, ...prev.filter((r) => r.id !== run.id)]));

  const request = useCallback(
    (kind: RunKind, options: { period?: string; title?: string; confirm?: string } = {}) =>
      confirmAction({
        title: options.title ?? runKinds[kind].button,
        message: options.confirm ?? runKinds[kind].confirm,
        onConfirm: () => force.mutate({ kind, period: options.period }),
      }),
    [force],
  );
  const dismiss = useCallback((id: string) => setRuns((prev) => prev.filter((r) => r.id !== id)), []);

  const value = useMemo(
    () => ({ runs, pendingKind: force.isPending ? force.variables?.kind : undefined, request, dismiss }),
    [runs, force.isPending, force.variables, request, dismiss],
  );
  return <ForcedRunsContext.Provider value={value}>{children}</ForcedRunsContext.Provider>;
}

export function useForcedRuns(): ForcedRunsValue {
  const value = useContext(ForcedRunsContext);
  if (!value) throw new Error('useForcedRuns outside ForcedRunsProvider');
  return value;
}
