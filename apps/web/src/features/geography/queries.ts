import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const geographyKeys = {
  areas: ['administrative-areas'] as const,
};

export function useAdministrativeAreas() {
  return useQuery({
    queryKey: geographyKeys.areas,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/administrative-areas', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A ZIP code to propose when a state is picked; undefined when the server has none. */
export async function proposePostalCode(state: string): Promise<string | undefined> {
  try {
    const { postalCode } = await dataOf(
      api.GET('/api/v1/administrative-areas/{code}/postal-code', { params: { path: { code: state } } }),
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
    return await dataOf(
      api.GET('/api/v1/postal-codes/{postalCode}', { params: { path: { postalCode: zip } } }),
    );
  } catch {
    return undefined;
  }
}
