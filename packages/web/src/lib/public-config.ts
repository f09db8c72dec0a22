/**
 * GET /api/config, asked once per page and shared by every reader (the limits the texts name, the
 * sign-in providers, the token explorer). Never retried on its own: a reader that gets nothing
 * falls back to the defaults of a server left at its defaults.
 */
import { type PublicConfig, publicConfigSchema } from '@sealdrop/core/api-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function usePublicConfig(): { data: PublicConfig | undefined; isError: boolean } {
  const { data, isError } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest('/config', { schema: publicConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { data, isError };
}
