import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('config', () => {
  it('has defaults that serve on 8080 with SQLite and local storage', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      STORAGE: 'local',
      RETENTION_HOURS: 24,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad value in one readable error', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        STORAGE: 'ftp',
        DATABASE_URL: 'mysql://x',
        UPLOAD_PART_SIZE: '1000',
      }),
    ).toThrowError(
      /PORT: .*\n.*DATABASE_URL: must start with postgres:\/\/.*\n.*STORAGE: .*\n.*UPLOAD_PART_SIZE: must be a multiple/s,
    );
  });

  it('requires PUBLIC_URL when mail is sent, so no request Host ends up in a mailed link', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrowError(
      /PUBLIC_URL: is required when SMTP_URL is set/,
    );
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://drop.example' })
        .SMTP_URL,
    ).toBe('smtp://127.0.0.1:2525');
  });

  it('takes TRUST_PROXY as false, a hop count or proxy addresses, and refuses a blanket true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(
      /TRUST_PROXY: true would trust every hop/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,nginx' })).toThrowError(
      /TRUST_PROXY: must be false, a hop count, or proxy addresses\/CIDRs \(not 10\.0\.0\.0\/33, nginx\)/,
    );
  });

  it('requires bucket and keys when STORAGE=s3', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrowError(
      /S3_BUCKET: is required when STORAGE=s3/,
    );
  });

  it('counts rate limits in memory unless REDIS_URL names a Redis, under the sealdrop: prefix', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('sealdrop:');
    const config = loadConfig({ REDIS_URL: 'rediss://:pw@redis.internal:6380/2' });
    expect(config.REDIS_URL).toBe('rediss://:pw@redis.internal:6380/2');
    expect(() =>
      loadConfig({ REDIS_URL: 'http://redis.internal', REDIS_KEY_PREFIX: 'a b' }),
    ).toThrowError(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL\n.*REDIS_KEY_PREFIX: /s);
  });

  it('has metrics off, a 25 s shutdown grace and automatic log format by default', () => {
    const config = loadConfig({});
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.SHUTDOWN_GRACE_SECONDS).toBe(25);
    expect(config.LOG_FORMAT).toBe('auto');
  });

  it('refuses a short metrics token and a metrics port equal to PORT', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ PORT: '9100', METRICS_PORT: '9100' })).toThrowError(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ METRICS_PORT: '9100', SHUTDOWN_GRACE_SECONDS: '5' })).toMatchObject({
      METRICS_PORT: 9100,
      SHUTDOWN_GRACE_SECONDS: 5,
    });
  });
});
