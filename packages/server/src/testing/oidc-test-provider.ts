/**
 * A real OpenID Connect provider (oidc-provider) on loopback for integration tests. It listens
 * before it is configured, because its issuer URL (with the port) must go into Sealdrop's config
 * and Sealdrop's callback URL (with its port) into the provider's client.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * oidc-provider warns on import (Node 20 is older than it likes) and on construction (development
 * keys, adapter and interactions, which are exactly what a test wants): keep those out of the output.
 */
async function quietly<T>(create: () => T | Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await create();
  } finally {
    console.warn = warn;
  }
}

const { default: Provider } = await quietly(() => import('oidc-provider'));

export interface TestAccount {
  email: string;
  emailVerified: boolean;
}

export interface TestProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export async function startTestProvider() {
  let handle = (_request: IncomingMessage, response: ServerResponse) => {
    response.statusCode = 503;
    response.end('provider not configured yet');
  };
  const http = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    issuer,
    /** Registers one confidential client; the login form's `login` value picks the account. */
    async configure(input: {
      client: TestProviderClient;
      accounts: Record<string, TestAccount>;
      /** Keep the email claims out of the ID token (oidc-provider's default, like some providers). */
      emailOnlyInUserinfo?: boolean;
    }) {
      const provider = await quietly(
        () =>
          new Provider(issuer, {
            clients: [
              {
                client_id: input.client.clientId,
                client_secret: input.client.clientSecret,
                redirect_uris: [input.client.redirectUri],
                // openid-client's default way to send a client secret.
                token_endpoint_auth_method: 'client_secret_post',
              },
            ],
            claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
            conformIdTokenClaims: input.emailOnlyInUserinfo ?? false,
            cookies: { keys: ['sealdrop-test-provider-cookie-key'] },
            features: { devInteractions: { enabled: true } },
            pkce: { required: () => true },
            // Explicit lifetimes (seconds), so the provider does not print a notice per default.
            ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
            findAccount: (_ctx, id) => {
              const account = input.accounts[id];
              if (!account) return undefined;
              return {
                accountId: id,
                claims: () => ({
                  sub: id,
                  email: account.email,
                  email_verified: account.emailVerified,
                  name: id,
                }),
              };
            },
          }),
      );
      handle = provider.callback();
    },
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        http.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;
