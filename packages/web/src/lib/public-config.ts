/**
 * GET /api/config as the page reads it, for the parts that name the operator (/terms, the report
 * dialog). The one `public-config` cache entry every reader of the config shares, so the page
 * asks once.
 */
import { type PublicConfig, publicConfigSchema } from '@sealdrop/core/api-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function usePublicConfig(): { config: PublicConfig | undefined; failed: boolean } {
  const { data, isError } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest('/config', { schema: publicConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { config: data, failed: isError };
}

/** Who runs this instance, as the pages name it: OPERATOR_NAME, or a plain description. */
export function operatorLabel(config: PublicConfig | undefined): string {
  return config?.operatorName?.trim() || 'the operator of this site';
}
