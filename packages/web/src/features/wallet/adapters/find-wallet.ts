import { findInjectedProvider, injectedAdapter } from './injected-adapter';
import { findStandardWallet, standardAdapter } from './standard-adapter';
import type { WalletAdapter, WalletName } from './wallet-adapter';

/** The wallet-standard wallet of that name, else its legacy injected provider, else null. */
export function findWalletAdapter(name: WalletName): WalletAdapter | null {
  const standard = findStandardWallet(name);
  if (standard) return standardAdapter(name, standard);
  const injected = findInjectedProvider(name);
  return injected ? injectedAdapter(name, injected) : null;
}
