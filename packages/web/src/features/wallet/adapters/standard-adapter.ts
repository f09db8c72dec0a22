import { SolanaSignMessage, type SolanaSignMessageMethod } from '@solana/wallet-standard-features';
import { getWallets } from '@wallet-standard/app';
import type { WalletAdapter, WalletName } from './wallet-adapter';

// Types as @wallet-standard/app sees them (its own copy of the base package may be newer than ours).
type Wallet = ReturnType<ReturnType<typeof getWallets>['get']>[number];
type WalletAccount = Wallet['accounts'][number];

// Feature names of the wallet standard (`@wallet-standard/features`), spelled out here so the web
// package needs no extra dependency for two strings.
const CONNECT = 'standard:connect';
const DISCONNECT = 'standard:disconnect';

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface SignMessageFeature {
  signMessage: SolanaSignMessageMethod;
}

function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined;
}

function isSolanaAccount(account: WalletAccount) {
  return account.chains.some((chain) => chain.startsWith('solana:'));
}

/** The registered wallet-standard wallet of that name that can connect and sign messages. */
export function findStandardWallet(name: WalletName): Wallet | undefined {
  return getWallets()
    .get()
    .find(
      (wallet) =>
        wallet.name === name &&
        feature(wallet, CONNECT) !== undefined &&
        feature(wallet, SolanaSignMessage) !== undefined,
    );
}

export function standardAdapter(name: WalletName, wallet: Wallet): WalletAdapter {
  let account: WalletAccount | undefined;
  return {
    name,
    async connect() {
      const { accounts } = await feature<ConnectFeature>(wallet, CONNECT)!.connect();
      account = accounts.find(isSolanaAccount) ?? accounts[0];
      if (!account) throw new Error(`${name} returned no account`);
      return { address: account.address };
    },
    async signMessage(message) {
      if (!account) throw new Error(`${name} is not connected`);
      const sign = feature<SignMessageFeature>(wallet, SolanaSignMessage)!;
      const [output] = await sign.signMessage({ account, message });
      if (!output) throw new Error(`${name} returned no signature`);
      return output.signature;
    },
    async disconnect() {
      account = undefined;
      await feature<DisconnectFeature>(wallet, DISCONNECT)?.disconnect();
    },
  };
}
