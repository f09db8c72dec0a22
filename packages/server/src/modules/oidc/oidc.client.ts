/**
 * The provider's configuration, discovered once per process on first use. A failed discovery is
 * not remembered, so a provider that was down at start is picked up by the next sign-in.
 */
import * as client from 'openid-client';
import type { Config } from '../../config/config';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider settings, or null when external sign-in is not configured. */
export function oidcSettings(config: Config): OidcSettings | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = config;
  return issuer && clientId && secret ? { issuer, clientId, clientSecret: secret } : null;
}

export interface OidcClient {
  configuration(): Promise<client.Configuration>;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let pending: Promise<client.Configuration> | undefined;
  return {
    configuration() {
      if (!pending) {
        pending = discover(settings);
        pending.catch(() => {
          pending = undefined;
        });
      }
      return pending;
    },
  };
}

function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  // openid-client refuses plain http; a local or test provider is the only reason to use it.
  const insecure = issuer.protocol === 'http:';
  return client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    insecure ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}
