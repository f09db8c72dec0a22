/**
 * Short codes are not enumerable: a large space drawn from a CSPRNG, and the API
 * answers a guessed code exactly as it answers an expired or unfinished reservation, so guessing
 * learns nothing. Resolving is rate-limited per IP (shared/rate-limits.api.test.ts).
 */
import * as crypto from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@sealdrop/core/short-code';
import { describe, expect, it, vi } from 'vitest';
import { drawShortCodeIndex, generateShortCode } from '../../shared/ids';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, uploadFile } from '../../testing/upload-helpers';

describe('short code space', () => {
  it('has at least 2^64 codes: 12 characters of a 62-letter alphabet', () => {
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(62);
    const bits = SHORT_CODE_LENGTH * Math.log2(SHORT_CODE_ALPHABET.length);
    expect(bits).toBeGreaterThan(71);
    expect(generateShortCode()).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it("draws every character from node:crypto's CSPRNG, never Math.random", () => {
    expect(drawShortCodeIndex).toBe(crypto.randomInt);
    const mathRandom = vi.spyOn(Math, 'random');
    generateShortCode();
    expect(mathRandom).not.toHaveBeenCalled();
    // A pass-through spy: the real generator, observed.
    const draw = vi.fn(crypto.randomInt as (max: number) => number);
    const code = generateShortCode(SHORT_CODE_LENGTH, draw);
    expect(draw).toHaveBeenCalledTimes(SHORT_CODE_LENGTH);
    expect(draw).toHaveBeenCalledWith(62);
    expect(code).toMatch(/^[0-9A-Za-z]{12}$/);
    mathRandom.mockRestore();
  });

  it('spreads 20,000 codes evenly over the alphabet, with no repeats', () => {
    const codes = Array.from({ length: 20_000 }, () => generateShortCode());
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const char of codes.join('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Chi-square over 61 degrees of freedom: 120 is beyond p = 0.00001 for a fair draw.
    const expected = (codes.length * SHORT_CODE_LENGTH) / 62;
    const chiSquare = [...counts.values()].reduce(
      (sum, n) => sum + (n - expected) ** 2 / expected,
      0,
    );
    expect(chiSquare).toBeLessThan(120);
  });
});

describeEachDatabase('guessing short codes', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('answers a guessed code, a bare reservation and an expired file with the same 404', async () => {
    const { plan } = await uploadFile(server, { size: 20 });
    server.clock.advance(24 * 60 * 60 * 1000 + 1);
    // A live reservation whose upload has not started yet.
    const reservation = await api<{ shortCode: string }>(server, 'POST', '/api/tiny/instant', {});
    const codes = {
      guessed: generateShortCode(),
      reserved: reservation.body.data.shortCode,
      expired: plan.slug,
    };
    for (const [prefix, path] of [
      ['/api/s/', ''],
      ['/api/files/', '/info'],
      ['/api/files/resolve?slug=', ''],
    ]) {
      const answers = await Promise.all(
        Object.values(codes).map(async (code) => {
          const response = await server.app.inject({ url: `${prefix}${code}${path}` });
          return { statusCode: response.statusCode, body: response.body };
        }),
      );
      expect(answers[0]?.statusCode, prefix).toBe(404);
      expect(answers[1], `${prefix} reserved`).toEqual(answers[0]);
      expect(answers[2], `${prefix} expired`).toEqual(answers[0]);
    }
  });
});
