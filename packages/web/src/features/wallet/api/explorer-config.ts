import { publicConfigSchema } from '@sealdrop/core/api-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The configured explorer's token-page template: undefined while it loads, null when the server
 * does not say (the link then falls back to a default explorer). Shares the `public-config` cache
 * entry with the other readers of `GET /config`, so the page asks once.
 */
export function useTokenExplorerTemplate(): string | null | undefined {
  const { data, isError } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest('/config', { schema: publicConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (isError) return null;
  if (data === undefined) return undefined;
  return typeof data.tokenExplorerUrl === 'string' ? data.tokenExplorerUrl : null;
}
