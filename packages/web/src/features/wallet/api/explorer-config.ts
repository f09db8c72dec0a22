import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The part of `GET /config` the wallet menu reads: TOKEN_EXPLORER_URL, `{mint}` in it. */
interface ExplorerConfig {
  tokenExplorerUrl?: string;
}

/**
 * The configured explorer's token-page template: undefined while it loads, null when the server
 * does not say (the link then falls back to a default explorer). Shares the `public-config` cache
 * entry with the other readers of `GET /config`, so the page asks once.
 */
export function useTokenExplorerTemplate(): string | null | undefined {
  const { data, isError } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest<ExplorerConfig>('/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (isError) return null;
  if (data === undefined) return undefined;
  return typeof data.tokenExplorerUrl === 'string' ? data.tokenExplorerUrl : null;
}
