import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { adminKeys } from '../shared/admin-keys.ts';
import { type BillingRun, type RunKind, runKinds } from './run-kinds.ts';

export const runKeys = {
  all: [...adminKeys.all, 'billing-runs'] as const,
  detail: (id: string) => [...runKeys.all, id] as const,
};

/** Spec: progress is polled every second until the run completes. */
const POLL_MS = 1000;

export function useRunProgress(initial: BillingRun) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: runKeys.detail(initial.id),
    queryFn: async ({ signal }) => {
      const run = await dataOf(
        api.GET('/api/v1/billing/runs/{id}', { params: { path: { id: initial.id } }, signal }),
      );
      // Once money moved, every admin figure (home, transactions, clients' activity) is stale.
      if (run.status === 'completed') void queryClient.invalidateQueries({ queryKey: adminKeys.data });
      return run;
    },
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** A forced run: its kind and, for a month that is not the current one (a missed month), its period. */
export interface ForceRunRequest {
  kind: RunKind;
  period?: string;
}

/** Forces a run: the server opens it and answers 202 at once; the work goes on in the background. */
export function useForceRun(onStarted: (run: BillingRun) => void) {
  return useMutation({
    mutationFn: ({ kind, period }: ForceRunRequest) =>
      dataOf(api.POST(runKinds[kind].endpoint, { params: { query: { period } } })),
    onSuccess: (run, { kind }) => {
      notifySuccess(runKinds[kind].success);
      onStarted(run);
    },
    onError: (_error, { kind }) => notifyError(runKinds[kind].failure),
  });
}

/** What forcing the run would do now (GET …/preview): asked before the confirmation. */
export function fetchForcedRunPreview({ kind, period }: ForceRunRequest) {
  return dataOf(api.GET(`${runKinds[kind].endpoint}/preview` as const, { params: { query: { period } } }));
}
