/**
 * The one wallet-standard wallet of the tests: the page's unit tests (jsdom) register it with
 * `getWallets().register`, the browser tests hand this very function to the page
 * (`addInitScript`), where `announce` registers it through the standard's window events before
 * the app's scripts run. It holds an ed25519 private key (a JWK) and signs with WebCrypto, as an
 * extension signs for its user. So that a browser can run it: no imports and no outer names, and
 * everything it needs comes in `input`.
 */
export interface StandardTestWalletInput {
  name: string;
  /** The account's address (base58 of the raw public key). */
  address: string;
  /** The account's ed25519 private key. */
  jwk: JsonWebKey;
  /** Makes signMessage reject, as when the user declines in the extension. */
  rejectSigning?: boolean;
  /** Registers through the standard's window events (in a page under test). */
  announce?: boolean;
}

/** What a unit test watches: the texts signed, and the disconnects (the page passes none). */
export interface StandardTestWalletHooks {
  signedMessages?: string[];
  onDisconnect?: () => Promise<void>;
}

export function standardTestWallet(
  input: StandardTestWalletInput,
  hooks: StandardTestWalletHooks = {},
) {
  const keyPromise = crypto.subtle.importKey('jwk', input.jwk, { name: 'Ed25519' }, false, [
    'sign',
  ]);
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of input.address) value = value * 58n + BigInt(alphabet.indexOf(char));
  const publicKey = new Uint8Array(32);
  for (let i = 31; i >= 0; i -= 1) {
    publicKey[i] = Number(value & 255n);
    value >>= 8n;
  }
  const account = {
    address: input.address,
    publicKey,
    chains: ['solana:mainnet'] as const,
    features: ['solana:signMessage'] as const,
  };
  const wallet = {
    version: '1.0.0' as const,
    name: input.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const,
    chains: ['solana:mainnet'] as const,
    accounts: [] as (typeof account)[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          wallet.accounts = [account];
          return { accounts: wallet.accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          wallet.accounts = [];
          await hooks.onDisconnect?.();
        },
      },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { message: Uint8Array }[]) => {
          if (input.rejectSigning) throw new Error('User rejected the request.');
          const key = await keyPromise;
          return Promise.all(
            inputs.map(async ({ message }) => {
              hooks.signedMessages?.push(new TextDecoder().decode(message));
              const signature = await crypto.subtle.sign('Ed25519', key, message.slice());
              return {
                signedMessage: message,
                signature: new Uint8Array(signature),
                signatureType: 'ed25519' as const,
              };
            }),
          );
        },
      },
    },
  };
  if (input.announce) {
    const register = ({ register }: { register: (wallet: unknown) => unknown }) => register(wallet);
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
    window.addEventListener('wallet-standard:app-ready', (event) =>
      register((event as CustomEvent).detail),
    );
  }
  return wallet;
}
