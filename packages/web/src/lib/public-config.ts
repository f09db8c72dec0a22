/**
 * GET /api/config, asked once per page and shared by every reader (the limits the texts name, the
 * sign-in providers, the token explorer). Never retried on its own: a reader that gets nothing
 * falls back to the defaults of a server left at its defaults.
 */
import { type PublicConfig, publicConfigSchema } from '@sealdrop/core/api-schemas';
import { type LinkLimits, linkLimits } from '@sealdrop/core/client/link-options';
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { apiRequest } from './api-client';

const CONFIG_QUERY = {
  queryKey: ['public-config'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    // Every page's `Link` header preloads it (server's page-data.ts).
    apiRequest('/config', { schema: publicConfigSchema, signal, preloaded: true }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

export function usePublicConfig(): { data: PublicConfig | undefined; isError: boolean } {
  const { data, isError } = useQuery(CONFIG_QUERY);
  return { data, isError };
}

/** Asks nothing: where no QueryClient is provided (a component rendered alone), defaults hold. */
const IDLE_CLIENT = new QueryClient();

/** Who runs this instance, as /terms names it: OPERATOR_NAME, or a plain description. */
export function operatorLabel(config: PublicConfig | undefined): string {
  return config?.operatorName?.trim() || 'the operator of this site';
}

/**
 * The server's retention and size limits (a default server's until /api/config answers): every
 * text about them, and the expiry choices, are made from these.
 */
export function useLinkLimits(): LinkLimits {
  const client = useContext(QueryClientContext);
  const { data } = useQuery(
    { ...CONFIG_QUERY, enabled: client !== undefined },
    client ?? IDLE_CLIENT,
  );
  return linkLimits(data);
}
