/**
 * Password guessing: attempts are counted before the hash runs, so parallel guesses cannot outrun
 * the limit; the lockout binds (account, address), so a guesser cannot lock the owner out; guesses
 * from many addresses put the account under pressure, which shrinks every address's budget instead
 * of locking the account. Every endpoint that checks a password shares the one count, kept in the
 * database, and every refusal says how long it really lasts.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { LOGIN_LIMITS } from './auth.lockout';

const PASSWORD = 'Correct-Horse-9';
const EMAIL = 'ada@example.com';
const MINUTE = 60_000;
const locked = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
const lockedPassword = (minutes: number) =>
  `Too many password attempts. Please try again in ${minutes} minutes.`;

describeEachDatabase('login lockout', (createDatabase) => {
  let server: TestServer;
  let session: string;
  // The per-IP route limit is off: this is about the lockout alone. Redis is not configured: the
  // lockout lives in the database.
  serverPerTest(createDatabase, { env: { RATE_LIMIT_ENABLED: 'false' } }, async (started) => {
    server = started;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: EMAIL, password: PASSWORD },
    });
    session = response.json().data.token;
  });

  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    ip: string,
    token?: string,
  ) => {
    const response = await server.app.inject({
      method,
      url,
      remoteAddress: ip,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { statusCode: response.statusCode, message: response.json().message as string };
  };
  const login = (password: string, ip = '198.51.100.1') =>
    send('POST', '/api/auth/login', { email: EMAIL, password }, ip);
  const changePassword = (currentPassword: string, ip = '198.51.100.1') =>
    send(
      'POST',
      '/api/auth/change-password',
      { currentPassword, newPassword: 'Brand-New-Horse-4' },
      ip,
      session,
    );
  const changeEmail = (currentPassword: string, ip = '198.51.100.1') =>
    send('PUT', '/api/auth/profile', { email: 'new@example.com', currentPassword }, ip, session);

  it('evaluates at most ten of forty parallel wrong passwords; the rest are locked out', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`wrong-guess-${i}`)),
    );
    const evaluated = results.filter((r) => r.statusCode === 401);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAddress.max);
    expect(evaluated.length + refused.length).toBe(40);
    expect(refused[0]?.message).toBe(locked(15));
    // Refused guesses do not count; evaluated ones do, up to ten in all. Then even the right
    // password from that address waits.
    for (let i = evaluated.length; i < LOGIN_LIMITS.perAddress.max; i++)
      expect((await login(`sequential-${i}`)).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(429);
    server.clock.advance(LOGIN_LIMITS.perAddress.windowMs + 1);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });

  it('says how long a lockout really has left', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(`guess-${i}`)).statusCode).toBe(401);
      server.clock.advance(MINUTE);
    }
    // The oldest of the ten is 10 minutes old: it leaves the 15-minute window in 5.
    expect(await login(PASSWORD)).toEqual({ statusCode: 429, message: locked(5) });
    server.clock.advance(4 * MINUTE + 30_000);
    expect((await login(PASSWORD)).message).toBe(locked(1));
    server.clock.advance(30_000);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });

  it('does not lock the owner out: ten wrong guesses from one address leave another address free', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login(`guess-${i}`, '203.0.113.66')).statusCode).toBe(401);
    expect((await login(PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    // The guesser keeps trying while locked out: refused attempts do not count against the owner.
    for (let i = 0; i < 20; i++) await login(`more-${i}`, '203.0.113.66');
    expect((await login(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('lets the owner in from a fresh address after 101 guesses from 11 addresses, and gives each guessing address less', async () => {
    const { max, windowMs } = LOGIN_LIMITS.perAddressUnderPressure;
    for (let i = 0; i < 101; i++) {
      const ip = `10.0.0.${(i % 11) + 1}`;
      // After a hundred failures the account is under pressure: an address that already failed
      // gets no more guesses this hour, and is told so.
      const expected = i < LOGIN_LIMITS.perAccount.max ? 401 : 429;
      expect((await login(`spread-${i}`, ip)).statusCode).toBe(expected);
    }
    expect(await login('one-more', '10.0.0.1')).toEqual({
      statusCode: 429,
      message: locked(windowMs / MINUTE),
    });
    // …a fresh one gets a small budget (one typo, then the right password)…
    for (let i = 0; i < max; i++)
      expect((await login(`fresh-${i}`, '10.9.9.9')).statusCode).toBe(401);
    expect((await login(PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    // …and the owner with the right password from an address that has not failed gets in.
    expect((await login('a typo', '192.0.2.10')).statusCode).toBe(401);
    expect((await login(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    expect((await login(PASSWORD, '2001:db8:5::1')).statusCode).toBe(200);
    // A hundred argon2 checks: slow on a busy machine.
  }, 120_000);

  it('forgives a client its failures once it signs in', async () => {
    for (let i = 0; i < 9; i++) await login(`typo-${i}`);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(`typo-again-${i}`)).statusCode).toBe(401);
  });

  it('counts wrong current passwords on password change in the same lockout as login', async () => {
    for (let i = 0; i < 10; i++)
      expect((await changePassword(`guess-${i}`)).message).toBe('Current password is incorrect');
    expect(await changePassword(PASSWORD)).toEqual({
      statusCode: 429,
      message: lockedPassword(15),
    });
    expect((await login(PASSWORD)).statusCode).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await changePassword(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('counts wrong current passwords on email change in the same lockout', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await changeEmail(`guess-${i}`)).message).toBe('Current password is incorrect');
    expect(await changeEmail(PASSWORD)).toEqual({ statusCode: 429, message: lockedPassword(15) });
    expect((await changePassword(PASSWORD)).statusCode).toBe(429);
  });
});
