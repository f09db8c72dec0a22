import { describe, expect, it } from 'vitest';
import { passphraseStrongEnough, passwordChecklist, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['Ab1!', 'weak'], // shorter than 6, whatever its variety
    ['abcdef', 'weak'], // one point
    ['abcdefgh', 'weak'], // length + lowercase = 2
    ['abcdefg1', 'medium'], // length + lowercase + digit = 3
    ['Abcdef1', 'medium'], // upper + lower + digit, under 8
    ['Abcdefg1', 'strong'], // 4 points
    ['Abcdefg1!', 'strong'], // 5 points
  ] as const)('rates %s as %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });

  it('ticks the checklist items one by one', () => {
    expect(passwordChecklist('a')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      number: false,
    });
    expect(passwordChecklist('Abcde1')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      number: true,
    });
  });
});

describe('passphraseStrongEnough', () => {
  it('refuses a passphrase the account-password meter rates weak, and takes medium and strong', () => {
    expect(passphraseStrongEnough('sesame')).toBe(false);
    expect(passphraseStrongEnough('password')).toBe(false);
    expect(passphraseStrongEnough('Ab1!')).toBe(false);
    expect(passphraseStrongEnough('open sesame')).toBe(true);
    expect(passphraseStrongEnough('Abcdefg1')).toBe(true);
  });
});
