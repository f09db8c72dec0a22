/**
 * An in-process Solana chain for tests (litesvm): the real SPL Token (or Token-2022) program holds
 * a 6-decimal mint and the test wallets' token accounts, so balances come from real account data.
 * Uses @solana-program/{system,token}, the instruction builders litesvm itself depends on.
 */

import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintDecoder,
  getMintSize,
  getMintToInstruction,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';

export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
export const TOKEN_DECIMALS = 6;

export interface TokenAccountView {
  pubkey: Address;
  program: Address;
  lamports: bigint;
  mint: Address;
  owner: Address;
  amount: bigint;
  space: number;
}

export async function createSolanaChain(options: { tokenProgram?: Address } = {}) {
  const svm = new LiteSVM();
  const program = options.tokenProgram ?? TOKEN_PROGRAM_ADDRESS;
  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, lamports(100_000_000_000n));
  const mint = await generateKeyPairSigner();

  async function send(instructions: Instruction[]) {
    const transaction = await pipe(
      createTransactionMessage({ version: 0 }),
      (tx) => setTransactionMessageFeePayerSigner(payer, tx),
      (tx) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(tx),
      (tx) => appendTransactionMessageInstructions(instructions, tx),
      (tx) => signTransactionMessageWithSigners(tx),
    );
    const result = svm.sendTransaction(transaction);
    if (result instanceof FailedTransactionMetadata) {
      throw new Error(`transaction failed: ${result.err()} ${result.meta().logs().join('\n')}`);
    }
  }

  const createAccount = (account: KeyPairSigner, space: number) =>
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      space,
      lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
      programAddress: program,
    });

  await send([
    createAccount(mint, getMintSize()),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals: TOKEN_DECIMALS, mintAuthority: payer.address },
      { programAddress: program },
    ),
  ]);

  return {
    mint: mint.address,
    program,

    /** Opens a new token account for `owner` and mints `raw` base units into it. */
    async giveTokens(owner: string, raw: bigint): Promise<Address> {
      const account = await generateKeyPairSigner();
      await send([
        createAccount(account, getTokenSize()),
        getInitializeAccount3Instruction(
          { account: account.address, mint: mint.address, owner: address(owner) },
          { programAddress: program },
        ),
        getMintToInstruction(
          { mint: mint.address, token: account.address, mintAuthority: payer, amount: raw },
          { programAddress: program },
        ),
      ]);
      return account.address;
    },

    giveSol(owner: string, amount: bigint) {
      // Identical airdrops in one blockhash would be one transaction; a fresh blockhash keeps both.
      svm.expireBlockhash();
      svm.airdrop(address(owner), lamports(amount));
    },

    lamportsOf(owner: string): bigint {
      return svm.getBalance(address(owner)) ?? 0n;
    },

    slot(): bigint {
      return svm.getClock().slot;
    },

    /** The mint's owning program, supply and decimals; null when no such mint exists. */
    mintInfo(mintAddress: string) {
      const account = svm.getAccount(address(mintAddress));
      if (!account.exists || account.data.length < getMintSize()) return null;
      const decoded = getMintDecoder().decode(account.data.slice(0, getMintSize()));
      if (!decoded.isInitialized) return null;
      return {
        program: account.programAddress,
        supply: decoded.supply,
        decimals: decoded.decimals,
      };
    },

    /** Every initialized token account that a program holds (base layout of Token and Token-2022). */
    tokenAccounts(tokenProgram: Address): TokenAccountView[] {
      return svm
        .getProgramAccounts(tokenProgram)
        .filter((account) => account.data.length === getTokenSize())
        .map((account) => {
          const token = getTokenDecoder().decode(account.data);
          return {
            pubkey: account.address,
            program: account.programAddress,
            lamports: account.lamports,
            mint: token.mint,
            owner: token.owner,
            amount: token.amount,
            space: account.data.length,
          };
        });
    },
  };
}

export type SolanaChain = Awaited<ReturnType<typeof createSolanaChain>>;
