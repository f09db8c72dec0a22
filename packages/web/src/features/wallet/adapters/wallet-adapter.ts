/**
 * What the connect flow needs from a browser wallet, whichever way it was found: the account's
 * address, an ed25519 signature over message bytes, and a way to let go of the connection.
 */
export interface WalletAdapter {
  readonly name: WalletName;
  connect(): Promise<{ address: string }>;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  disconnect(): Promise<void>;
}

export type WalletName = 'Phantom' | 'Solflare';

/** The wallets the picker offers, with where to get them. */
export const SUPPORTED_WALLETS: ReadonlyArray<{ name: WalletName; installUrl: string }> = [
  { name: 'Phantom', installUrl: 'https://phantom.app/' },
  { name: 'Solflare', installUrl: 'https://solflare.com/' },
];

export function notDetectedMessage(name: WalletName): string {
  const url = SUPPORTED_WALLETS.find((wallet) => wallet.name === name)?.installUrl ?? '';
  return `${name} wallet not detected. Please install the ${name} browser extension from ${url} and refresh the page.`;
}
