/** Linking a wallet by signature, and what the server reads about it on chain. */
import { walletTier } from '@sealdrop/core/limits';
import { generateShortCode } from '../../shared/ids';
import type { UserRow } from '../auth/auth.repository';
import type { WalletDeps } from './wallet.deps';
import * as errors from './wallet.errors';
import { solFromLamports, WALLET_REBIND_COOLDOWN_MS, wholeTokens } from './wallet.models';
import {
  createSignInText,
  decodeBase58,
  firstDifference,
  NONCE_TTL_MS,
  parseSignInText,
  verifyWalletSignature,
} from './wallet.siws';

/** Where the request came from: the SIWS domain and URI are bound to it. */
export interface RequestSite {
  domain: string;
  uri: string;
}

export async function issueNonce(args: {
  deps: WalletDeps;
  input: { user: UserRow; walletAddress: string; site: RequestSite; chainId: string };
  now: Date;
}) {
  const { deps, input, now } = args;
  const { user } = input;
  const nonce = generateShortCode(20);
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  const message = createSignInText({
    ...input.site,
    address: input.walletAddress,
    chainId: input.chainId,
    nonce,
    issuedAt: now,
    expiresAt,
  });
  await deps.wallets.deleteExpiredNonces(user.id, now.getTime());
  await deps.wallets.insertNonce({
    nonce,
    user_id: user.id,
    wallet_address: input.walletAddress,
    message,
    created_at: now.getTime(),
    expires_at: expiresAt.getTime(),
  });
  return { message, nonce, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks, in order: the message is ours and for this wallet and site, the signature is that
 * wallet's, the nonce is this user's and unused (taken out atomically) and not expired. Only then
 * is the wallet linked, one wallet to one account.
 */
export async function connectWallet(args: {
  deps: WalletDeps;
  input: {
    user: UserRow;
    walletAddress: string;
    signature: string;
    message: string;
    site: RequestSite;
  };
  now: Date;
}) {
  const { deps, input, now } = args;
  const { user } = input;
  const signed = parseSignInText(input.message);
  if (!signed?.nonce) throw errors.invalidSignInMessage();
  if (signed.address !== input.walletAddress) throw errors.messageMismatch('address');
  if (signed.domain !== input.site.domain) throw errors.messageMismatch('domain');

  const signature = decodeBase58(input.signature);
  if (signature?.length !== 64) throw errors.invalidSignature();
  const valid = verifyWalletSignature({
    address: input.walletAddress,
    message: input.message,
    signature,
  });
  if (!valid) throw errors.invalidSignature();

  const issued = await deps.wallets.consumeNonce(signed.nonce, user.id);
  if (!issued) throw errors.nonceUnknown();
  if (issued.expires_at <= now.getTime()) throw errors.nonceExpired();
  const issuedFields = parseSignInText(issued.message);
  const difference = issuedFields ? firstDifference(signed, issuedFields) : 'message';
  if (difference) throw errors.messageMismatch(difference);

  await linkWallet(deps, user, input.walletAddress, now);
  const linked: UserRow = { ...user, solana_wallet: input.walletAddress };
  const [isPremium, balance] = await Promise.all([
    deps.premium(linked, { rpcFailure: 'ignore' }),
    tokenBalanceOrNull(deps, input.walletAddress),
  ]);
  return {
    walletAddress: input.walletAddress,
    balance,
    tier: walletTier(balance ?? 0),
    isPremium,
    message: 'Wallet connected successfully',
  };
}

/**
 * One wallet backs one account at a time, and a wallet another account let go of less than
 * WALLET_REBIND_COOLDOWN_MS ago backs nobody new. Replacing a linked wallet counts as unlinking it.
 */
async function linkWallet(deps: WalletDeps, user: UserRow, walletAddress: string, now: Date) {
  const userId = user.id;
  const holder = await deps.wallets.findUserIdByWallet(walletAddress);
  if (holder && holder !== userId) throw errors.walletLinkedElsewhere();
  const unlinkedAt = await deps.wallets.lastUnlinkElsewhere({
    walletAddress,
    userId,
    since: now.getTime() - WALLET_REBIND_COOLDOWN_MS,
  });
  if (unlinkedAt !== null) {
    throw errors.walletCoolingDown(new Date(unlinkedAt + WALLET_REBIND_COOLDOWN_MS));
  }
  if (user.solana_wallet && user.solana_wallet !== walletAddress) {
    await deps.wallets.recordUnlink({
      walletAddress: user.solana_wallet,
      userId,
      now: now.getTime(),
    });
  }
  try {
    await deps.wallets.setWallet(userId, walletAddress, now.getTime());
  } catch (error) {
    // Two accounts linking one wallet at once: the unique index lets one win.
    const winner = await deps.wallets.findUserIdByWallet(walletAddress);
    if (winner && winner !== userId) throw errors.walletLinkedElsewhere();
    throw error;
  }
}

/** The link itself succeeded; an RPC hiccup right after it only leaves the balance unknown. */
async function tokenBalanceOrNull(deps: WalletDeps, walletAddress: string) {
  if (!deps.token) return 0;
  try {
    const { tokenRaw } = await deps.token.solana.balances(walletAddress);
    return wholeTokens(tokenRaw, deps.decimals);
  } catch {
    return null;
  }
}

export async function disconnectWallet(args: {
  deps: WalletDeps;
  input: { user: UserRow };
  now: Date;
}) {
  const { deps } = args;
  const { user } = args.input;
  // Recorded before the link is cleared: nobody can link the wallet between the two.
  if (user.solana_wallet) {
    await deps.wallets.recordUnlink({
      walletAddress: user.solana_wallet,
      userId: user.id,
      now: args.now.getTime(),
    });
  }
  await deps.wallets.setWallet(user.id, null, args.now.getTime());
  return { disconnected: true, message: 'Wallet disconnected' };
}

export async function walletBalance(args: { deps: WalletDeps; input: { user: UserRow } }) {
  const { deps } = args;
  const { user } = args.input;
  if (!deps.token) throw errors.tokenNotConfigured();
  if (!user.solana_wallet) throw errors.walletNotConnected();
  const { tokenRaw, lamports } = await deps.token.solana.balances(user.solana_wallet);
  const { decimals } = deps;
  const tokenBalance = wholeTokens(tokenRaw, decimals);
  return {
    walletAddress: user.solana_wallet,
    tokenBalance,
    tokenBalanceRaw: tokenRaw.toString(),
    solBalance: solFromLamports(lamports),
    decimals,
    tier: walletTier(tokenBalance),
    isPremium: await deps.premium(user, { rpcFailure: 'throw' }),
  };
}
