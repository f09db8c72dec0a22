/** Public facts about the token: configuration, on-chain supply and decimals, market price. */
import type { Config } from '../../config/config';
import type { WalletDeps } from './wallet.deps';
import * as errors from './wallet.errors';
import { linkFor, wholeTokens } from './wallet.models';

export async function tokenInfo(args: { deps: WalletDeps; config: Config }) {
  const { deps, config } = args;
  if (!deps.token) throw errors.tokenNotConfigured();
  const { mint, solana, market } = deps.token;
  const [supply, quote] = await Promise.all([solana.supply(), market.quote()]);
  // The chain is the authority on decimals; the configured value covers a mint it does not know.
  const decimals = supply?.decimals ?? config.TOKEN_DECIMALS;
  const launchUrl = linkFor(config.TOKEN_LAUNCH_URL, mint);
  return {
    mintAddress: mint,
    symbol: config.TOKEN_SYMBOL,
    name: config.TOKEN_NAME,
    decimals,
    supply: supply ? wholeTokens(supply.amount, decimals) : null,
    price: quote.price,
    marketCap: quote.marketCap,
    pumpFunUrl: launchUrl,
    launchUrl,
    marketUrl: linkFor(config.TOKEN_MARKET_URL, mint),
    explorerUrl: linkFor(config.TOKEN_EXPLORER_URL, mint),
  };
}
