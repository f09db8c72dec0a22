import { describe, expect, it } from 'vitest';
import { buildFragment } from '../crypto/fragment';
import { generateKeyMaterial } from '../crypto/key-material';
import { linkFragments } from '../crypto/passphrase';
import { RESUME_REFUSALS, resumedSecrets, stateFragment } from './send-resume';

async function stateOf(passphrase?: string) {
  const material = await generateKeyMaterial();
  const { fragment, linkFragment } = await linkFragments(material, passphrase);
  return {
    encrypt: true,
    fragment: stateFragment(fragment, passphrase),
    link: `http://localhost:8080/s/Abcdefghij#${linkFragment}`,
  };
}

describe('the resume state of a passphrase send', () => {
  it('keeps the key only wrapped, opened again by the same passphrase only', async () => {
    const state = await stateOf('correct horse');
    expect(state.fragment).toBeNull();
    expect(JSON.stringify(state)).not.toMatch(/[#&]key=/);
    const opened = await resumedSecrets(state, 'correct horse');
    expect('secrets' in opened && opened.secrets?.rawKey).toHaveLength(32);
    expect(await resumedSecrets(state, 'battery staple')).toEqual({
      refused: RESUME_REFUSALS.otherPassphrase,
    });
    expect(await resumedSecrets(state, undefined)).toEqual({
      refused: RESUME_REFUSALS.hadPassphrase,
    });
  });

  it('keeps the bare key of a send without passphrase, and does not add one later', async () => {
    const state = await stateOf();
    const opened = await resumedSecrets(state, undefined);
    expect(state.fragment).toBe(
      'secrets' in opened && opened.secrets ? buildFragment(opened.secrets) : 'not opened',
    );
    expect(await resumedSecrets(state, 'correct horse')).toEqual({
      refused: RESUME_REFUSALS.hadNoPassphrase,
    });
  });
});
