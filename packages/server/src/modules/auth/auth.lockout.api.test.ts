/**
 * Password guessing (issue 14, items 2 and 10): attempts are counted before the hash runs, so
 * parallel guesses cannot outrun the limit; the lockout binds (account, address), so a guesser
 * cannot lock the owner out, and a slower account-wide limit stops a guess from many addresses.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { LOGIN_LIMITS } from './auth.lockout';

const PASSWORD = 'Correct-Horse-9';
const EMAIL = 'ada@example.com';
const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';

describeEachDatabase('login lockout', (createDatabase) => {
  let server: TestServer;
  // The per-IP route limit is off: this is about the lockout alone.
  serverPerTest(createDatabase, { env: { RATE_LIMIT_ENABLED: 'false' } }, async (started) => {
    server = started;
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: EMAIL, password: PASSWORD },
    });
  });

  const login = async (password: string, ip = '198.51.100.1') => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: EMAIL, password },
    });
    return { statusCode: response.statusCode, message: response.json().message as string };
  };

  it('evaluates at most ten of forty parallel wrong passwords; the rest are locked out', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`wrong-guess-${i}`)),
    );
    const evaluated = results.filter((r) => r.statusCode === 401);
    const locked = results.filter((r) => r.statusCode === 429);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.perClient.max);
    expect(evaluated.length + locked.length).toBe(40);
    expect(locked[0]?.message).toBe(LOCKED);
    // Refused guesses do not count; evaluated ones do, up to ten in all. Then even the right
    // password from that address waits.
    for (let i = evaluated.length; i < LOGIN_LIMITS.perClient.max; i++)
      expect((await login(`sequential-${i}`)).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(429);
    server.clock.advance(LOGIN_LIMITS.perClient.windowMs + 1);
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

  it('stops a guess spread over many addresses with the slower account-wide limit', async () => {
    const { max } = LOGIN_LIMITS.perAccount;
    for (let i = 0; i < max; i++) {
      const ip = `10.0.${Math.floor(i / 9)}.${i % 9}`;
      expect((await login(`spread-${i}`, ip)).statusCode).toBe(401);
    }
    expect((await login('one-more', '10.9.9.9')).statusCode).toBe(429);
    expect((await login(PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    server.clock.advance(LOGIN_LIMITS.perAccount.windowMs + 1);
    expect((await login(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('forgives a client its failures once it signs in', async () => {
    for (let i = 0; i < 9; i++) await login(`typo-${i}`);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(`typo-again-${i}`)).statusCode).toBe(401);
  });
});
