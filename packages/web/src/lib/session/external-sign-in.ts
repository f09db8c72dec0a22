/** Whether the server offers external (OpenID Connect) sign-in, from GET /api/config. */
import { usePublicConfig } from '../public-config';

export const OIDC_START_PATH = '/api/auth/oidc/start';

export function useExternalSignIn(): { name: string } | null {
  const { data } = usePublicConfig();
  if (!data?.features?.oidc) return null;
  return { name: data.oidcName?.trim() || 'single sign-on' };
}
