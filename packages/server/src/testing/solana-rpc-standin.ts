/**
 * A Solana JSON-RPC server on loopback, answering from a litesvm chain with the response shapes of
 * a real node (context.slot, jsonParsed token accounts, u64 numbers as JSON integers). The server
 * under test talks to it through its normal @solana/kit client. Modes simulate outages.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { address } from '@solana/kit';
import { createSolanaChain, type SolanaChain, TOKEN_2022_PROGRAM_ADDRESS } from './solana-chain';

/** 'http-error': HTTP 500; 'rpc-error': a JSON-RPC error; 'timeout': no answer until closed. */
export type RpcMode = 'ok' | 'http-error' | 'rpc-error' | 'timeout';

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', TOKEN_2022_PROGRAM_ADDRESS];
const U64_MAX = 18_446_744_073_709_551_615n;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startSolanaRpcStandin(options: { token2022?: boolean } = {}) {
  const chain = await createSolanaChain(
    options.token2022 ? { tokenProgram: TOKEN_2022_PROGRAM_ADDRESS } : {},
  );
  let mode: RpcMode = 'ok';
  const calls: string[] = [];
  const held = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: { id?: unknown; method?: string; params?: unknown[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(response, 200, { jsonrpc: '2.0', id: null, error: parseError });
    }
    calls.push(String(body.method));
    if (mode === 'timeout') return void held.add(response);
    if (mode === 'http-error') return send(response, 500, { message: 'internal error' });
    if (mode === 'rpc-error') {
      const error = { code: -32005, message: 'Node is behind by 42 slots' };
      return send(response, 200, { jsonrpc: '2.0', id: body.id, error });
    }
    try {
      const result = answer(chain, String(body.method), body.params ?? []);
      send(response, 200, { jsonrpc: '2.0', id: body.id, result });
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      send(response, 200, {
        jsonrpc: '2.0',
        id: body.id,
        error: { code: error.code, message: error.message },
      });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    mint: chain.mint as string,
    calls,
    setMode(next: RpcMode) {
      mode = next;
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SolanaRpcStandin = Awaited<ReturnType<typeof startSolanaRpcStandin>>;

const parseError = { code: -32700, message: 'Parse error' };

function answer(chain: SolanaChain, method: string, params: unknown[]) {
  const context = { apiVersion: '2.2.0', slot: chain.slot() };
  switch (method) {
    case 'getBalance':
      return { context, value: chain.lamportsOf(addressParam(params[0])) };
    case 'getTokenSupply': {
      const mint = chain.mintInfo(addressParam(params[0]));
      if (!mint) throw new RpcError(-32602, 'Invalid param: could not find account');
      return { context, value: uiAmount(mint.supply, mint.decimals) };
    }
    case 'getTokenAccountsByOwner':
      return { context, value: tokenAccountsByOwner(chain, params) };
    default:
      throw new RpcError(-32601, 'Method not found');
  }
}

/** The node's rule: a mint filter searches the program that owns the mint, Token or Token-2022. */
function tokenAccountsByOwner(chain: SolanaChain, params: unknown[]) {
  const owner = addressParam(params[0]);
  const filter = (params[1] ?? {}) as { mint?: string; programId?: string };
  const config = (params[2] ?? {}) as { encoding?: string };
  let program: string;
  if (filter.mint) {
    const mint = chain.mintInfo(addressParam(filter.mint));
    if (!mint) throw new RpcError(-32602, 'Invalid param: could not find mint');
    program = mint.program;
  } else if (filter.programId && TOKEN_PROGRAMS.includes(filter.programId)) {
    program = filter.programId;
  } else {
    throw new RpcError(-32602, 'Invalid param: unrecognized Token program id');
  }
  if (config.encoding !== 'jsonParsed') {
    throw new RpcError(-32602, 'This stand-in answers getTokenAccountsByOwner in jsonParsed only');
  }
  const decimals = filter.mint ? (chain.mintInfo(filter.mint)?.decimals ?? 0) : 6;
  return chain
    .tokenAccounts(address(program))
    .filter((account) => account.owner === owner)
    .filter((account) => !filter.mint || account.mint === filter.mint)
    .map((account) => ({
      pubkey: account.pubkey,
      account: {
        data: {
          program: program === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token',
          parsed: {
            info: {
              isNative: false,
              mint: account.mint,
              owner: account.owner,
              state: 'initialized',
              tokenAmount: uiAmount(account.amount, decimals),
            },
            type: 'account',
          },
          space: account.space,
        },
        executable: false,
        lamports: account.lamports,
        owner: program,
        rentEpoch: U64_MAX,
        space: account.space,
      },
    }));
}

function uiAmount(raw: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals);
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const text = fraction ? `${raw / scale}.${fraction}` : `${raw / scale}`;
  return { amount: raw.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

function addressParam(value: unknown): string {
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid param: expected a string');
  try {
    return address(value);
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid');
  }
}

/** JSON with bigints written as plain integers, as a node writes u64 values. */
function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body, (_key, value) =>
    typeof value === 'bigint' ? `__u64__${value}` : value,
  ).replace(/"__u64__(\d+)"/g, '$1');
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}
