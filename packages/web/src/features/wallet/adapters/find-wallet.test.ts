import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFakeWallet } from '../testing/fake-standard-wallet';
import { findWalletAdapter } from './find-wallet';
import { notDetectedMessage } from './wallet-adapter';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function injectedProvider(flag: 'isPhantom' | 'isSolflare', signature: Uint8Array) {
  return {
    [flag]: true,
    publicKey: null as null | { toString(): string },
    connect: vi.fn(async () => ({ publicKey: { toString: () => 'InjectedAddress1111' } })),
    signMessage: vi.fn(async () => ({ signature })),
    disconnect: vi.fn(async () => {}),
  };
}

describe('findWalletAdapter', () => {
  it('finds a wallet-standard wallet by name, connects and signs the message bytes', async () => {
    const fake = await registerFakeWallet({ name: 'Phantom' });
    cleanups.push(fake.unregister);
    const adapter = findWalletAdapter('Phantom');
    expect(adapter?.name).toBe('Phantom');
    expect(findWalletAdapter('Solflare')).toBeNull();
    expect(await adapter!.connect()).toEqual({ address: fake.address });
    const signature = await adapter!.signMessage(new TextEncoder().encode('sign me'));
    expect(signature).toHaveLength(64);
    expect(fake.signedMessages).toEqual(['sign me']);
    await adapter!.disconnect();
    expect(fake.disconnect).toHaveBeenCalledOnce();
  });

  it('falls back to the legacy injected Phantom provider', async () => {
    const provider = injectedProvider('isPhantom', new Uint8Array(64).fill(7));
    vi.stubGlobal('phantom', { solana: provider });
    const adapter = findWalletAdapter('Phantom');
    expect(await adapter!.connect()).toEqual({ address: 'InjectedAddress1111' });
    expect(await adapter!.signMessage(new Uint8Array([1, 2]))).toEqual(new Uint8Array(64).fill(7));
    expect(provider.signMessage).toHaveBeenCalledWith(new Uint8Array([1, 2]), 'utf8');
  });

  it('falls back to the legacy injected Solflare provider, which may answer bare bytes', async () => {
    const provider = {
      ...injectedProvider('isSolflare', new Uint8Array(64)),
      publicKey: { toString: () => 'SolflareAddress111' },
      connect: vi.fn(async () => true),
      signMessage: vi.fn(async () => new Uint8Array(64).fill(9)),
    };
    vi.stubGlobal('solflare', provider);
    const adapter = findWalletAdapter('Solflare');
    expect(await adapter!.connect()).toEqual({ address: 'SolflareAddress111' });
    expect(await adapter!.signMessage(new Uint8Array([1]))).toEqual(new Uint8Array(64).fill(9));
  });

  it('finds nothing when no wallet is installed', () => {
    expect(findWalletAdapter('Phantom')).toBeNull();
    expect(findWalletAdapter('Solflare')).toBeNull();
  });

  it('words the not-detected message with the install address', () => {
    expect(notDetectedMessage('Phantom')).toBe(
      'Phantom wallet not detected. Please install the Phantom browser extension from https://phantom.app/ and refresh the page.',
    );
    expect(notDetectedMessage('Solflare')).toBe(
      'Solflare wallet not detected. Please install the Solflare browser extension from https://solflare.com/ and refresh the page.',
    );
  });
});
