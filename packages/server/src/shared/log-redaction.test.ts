import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, withLogRedaction } from './log-redaction';

describe('redactUrl', () => {
  it('hides the values of signatures, object keys, codes, states and tokens, keeping the rest', () => {
    expect(redactUrl('/api/storage/object?key=files%2Fa%2Fs3cret&exp=123&sig=abc')).toBe(
      '/api/storage/object?key=%5Bredacted%5D&exp=123&sig=%5Bredacted%5D',
    );
    expect(redactUrl('/api/auth/oidc/callback?code=c0de&state=st4te&iss=x')).toBe(
      '/api/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x',
    );
    expect(redactUrl('/auth/callback?token=eyJ&success=true')).toBe(
      '/auth/callback?token=%5Bredacted%5D&success=true',
    );
    expect(
      redactUrl(
        '/b/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=f00&X-Amz-Security-Token=t&x-id=GetObject',
      ),
    ).toBe(
      '/b/k?X-Amz-Credential=%5Bredacted%5D&X-Amz-Signature=%5Bredacted%5D&X-Amz-Security-Token=%5Bredacted%5D&x-id=GetObject',
    );
  });

  it('leaves URLs without secrets as they are', () => {
    expect(redactUrl('/api/files/abc/info')).toBe('/api/files/abc/info');
    expect(redactUrl('/api/files/my-files?page=2&limit=10')).toBe(
      '/api/files/my-files?page=2&limit=10',
    );
  });
});

describe('withLogRedaction', () => {
  it("hides a report's key and a reporter's email should a body or a report ever be logged", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: withLogRedaction({
        level: 'info',
        stream: { write: (line: string) => lines.push(line) },
      }),
    });
    const secrets = { key: 'key=AAAA&iv=BBBB', email: 'reporter@example.org' };
    app.log.info({ body: secrets, report: secrets }, 'a body logged by mistake');
    await app.close();
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      body: { key: REDACTED, email: REDACTED },
      report: { key: REDACTED, email: REDACTED },
    });
    expect(lines.join('')).not.toContain('reporter@example.org');
  });
});
