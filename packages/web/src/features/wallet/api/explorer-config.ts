import { usePublicConfig } from '../../../lib/public-config';

/**
 * The configured explorer's token-page template: undefined while it loads, null when the server
 * does not say (the link then falls back to a default explorer).
 */
export function useTokenExplorerTemplate(): string | null | undefined {
  const { data, isError } = usePublicConfig();
  if (isError) return null;
  if (data === undefined) return undefined;
  return typeof data.tokenExplorerUrl === 'string' ? data.tokenExplorerUrl : null;
}
