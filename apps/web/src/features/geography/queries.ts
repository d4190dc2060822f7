import type { AdministrativeArea } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

export const geographyKeys = {
  areas: ['administrative-areas'] as const,
};

export function useAdministrativeAreas() {
  return useQuery({
    queryKey: geographyKeys.areas,
    queryFn: ({ signal }) => api.get<AdministrativeArea[]>('/api/v1/administrative-areas', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A ZIP code to propose when a state is picked; undefined when the server has none. */
export async function proposePostalCode(state: string): Promise<string | undefined> {
  try {
    const { postalCode } = await api.get<{ postalCode: string }>(
      `/api/v1/administrative-areas/${encodeURIComponent(state)}/postal-code`,
    );
    return postalCode;
  } catch {
    return undefined;
  }
}

/** The state (and city) of a typed ZIP code; undefined when unknown (404). */
export async function lookupPostalCode(
  zip: string,
): Promise<{ administrativeArea: string; locality?: string } | undefined> {
  try {
    return await api.get<{ administrativeArea: string; locality?: string }>(
      `/api/v1/postal-codes/${encodeURIComponent(zip)}`,
    );
  } catch {
    return undefined;
  }
}
