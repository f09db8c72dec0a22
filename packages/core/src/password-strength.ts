/**
 * Password strength: weak below 6 characters; otherwise one point each for
 * length >= 8, an uppercase letter, a lowercase letter, a digit, a special character.
 * Below 3 is weak, 3 is medium, 4 or more is strong. Server and register form share it.
 */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const PASSWORD_MIN_LENGTH = 6;
export const WEAK_PASSWORD_MESSAGE = 'Password is too weak. Please choose a stronger password.';

export function passwordScore(password: string): number {
  return [
    password.length >= 8,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 'weak';
  const score = passwordScore(password);
  if (score < 3) return 'weak';
  return score === 3 ? 'medium' : 'strong';
}

/** The checklist shown under the password field. */
export function passwordChecklist(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    number: /\d/.test(password),
  };
}

/**
 * A link passphrase is rated by the same meter and refused when weak, as an account password is.
 * It matters more there: a protected link carries its wrapped key, so whoever holds the link can
 * try passphrases offline, as fast as their own computers go, with no lockout to stop them. The
 * web page and the CLI both ask this before wrapping a key.
 */
export function passphraseStrongEnough(passphrase: string): boolean {
  return passwordStrength(passphrase) !== 'weak';
}
