import type { MfaStatusRecord } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
};

/** What GET /mfa's list means for the switches: on with its type, or off. */
export interface MfaState {
  on: boolean;
  type: MfaStatusRecord['type'] | null;
}

export function toMfaState(records: MfaStatusRecord[] | undefined): MfaState {
  const confirmed = records?.find((r) => r.status === 'confirmed');
  return { on: Boolean(confirmed), type: confirmed?.type ?? null };
}

/**
 * GET /mfa, read on load and again whenever the window regains focus (the enrolment runs in
 * another tab); `pollMs` keeps checking while an enrolment is under way.
 */
export function useMfaStatus(pollMs: number | false = false) {
  return useQuery({
    queryKey: mfaKeys.status(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/mfa', { signal })),
    select: toMfaState,
    refetchOnWindowFocus: 'always',
    refetchInterval: pollMs,
  });
}
