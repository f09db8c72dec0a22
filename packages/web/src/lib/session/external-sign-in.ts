/** Whether the server offers external (OpenID Connect) sign-in, from GET /api/config. */
import { publicConfigSchema } from '@sealdrop/core/api-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const OIDC_START_PATH = '/api/auth/oidc/start';

export function useExternalSignIn(): { name: string } | null {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest('/config', { schema: publicConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!data?.features?.oidc) return null;
  return { name: data.oidcName?.trim() || 'single sign-on' };
}
