import type { WalletAdapter, WalletName } from './wallet-adapter';

/** The part of the older injected provider API (`window.phantom.solana`, `window.solflare`) we use. */
export interface InjectedProvider {
  publicKey?: { toString(): string } | null;
  connect(): Promise<{ publicKey?: { toString(): string } } | undefined | boolean>;
  signMessage(
    message: Uint8Array,
    encoding?: string,
  ): Promise<{ signature: Uint8Array } | Uint8Array>;
  disconnect?(): Promise<void>;
}

interface InjectedWindow {
  phantom?: { solana?: InjectedProvider & { isPhantom?: boolean } };
  solflare?: InjectedProvider & { isSolflare?: boolean };
}

export function findInjectedProvider(name: WalletName): InjectedProvider | undefined {
  const injected = globalThis as unknown as InjectedWindow;
  if (name === 'Phantom') {
    const provider = injected.phantom?.solana;
    return provider?.isPhantom ? provider : undefined;
  }
  return injected.solflare?.isSolflare ? injected.solflare : undefined;
}

/** Fallback for wallets that only inject a provider object and do not register with the standard. */
export function injectedAdapter(name: WalletName, provider: InjectedProvider): WalletAdapter {
  return {
    name,
    async connect() {
      const result = await provider.connect();
      const key = (typeof result === 'object' && result?.publicKey) || provider.publicKey;
      if (!key) throw new Error(`${name} returned no public key`);
      return { address: key.toString() };
    },
    async signMessage(message) {
      const result = await provider.signMessage(message, 'utf8');
      return result instanceof Uint8Array ? result : result.signature;
    },
    async disconnect() {
      await provider.disconnect?.();
    },
  };
}
