import { ApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/server-message';
import type { WalletAdapter } from '../adapters/wallet-adapter';
import { fetchWalletNonce, linkWallet } from '../api/wallet-api';
import { encodeBase58 } from '../lib/base58';
import { WALLET_MESSAGES } from './wallet-context';

/** A failure of the connect flow whose message is ready to show. */
export class WalletFlowError extends Error {
  override name = 'WalletFlowError';
}

/**
 * Proof of ownership: the wallet connects, the server issues a one-time
 * Sign-In-With-Solana message for that address, the wallet signs its UTF-8 bytes, and the server
 * links the address once the ed25519 signature checks out.
 */
export async function linkWithWallet(adapter: WalletAdapter): Promise<{ address: string }> {
  let address: string;
  let message: string;
  let signature: Uint8Array;
  try {
    ({ address } = await adapter.connect());
    ({ message } = await fetchWalletNonce(address));
    signature = await adapter.signMessage(new TextEncoder().encode(message));
  } catch (error) {
    throw new WalletFlowError(serverMessageOf(error) ?? WALLET_MESSAGES.connect, { cause: error });
  }
  try {
    await linkWallet({ walletAddress: address, signature: encodeBase58(signature), message });
  } catch (error) {
    // The server answered but did not link: its message, else the fixed "to account" text.
    const fallback = error instanceof ApiError ? WALLET_MESSAGES.link : WALLET_MESSAGES.connect;
    throw new WalletFlowError(serverMessageOf(error) ?? fallback, { cause: error });
  }
  return { address };
}
