import { describe, expect, it } from 'vitest';
import { isMediaType } from './media-type';

describe('isMediaType (RFC 9110 media-type)', () => {
  it.each([
    'text/plain',
    'application/octet-stream',
    'image/svg+xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain; charset=utf-8',
    'text/plain;charset=UTF-8;format=flowed',
    'multipart/form-data; boundary="a b;c\\"d"',
    "application/x-foo; name=!#$%&'*+.^_`|~",
  ])('accepts %j', (value) => {
    expect(isMediaType(value)).toBe(true);
  });

  it.each([
    '',
    'text',
    'text/',
    '/plain',
    'text/plain\r\nSet-Cookie: a=b',
    'text/plain\n',
    'text /plain',
    'text/pl ain',
    'text/plain; charset',
    'text/plain; charset=',
    'text/plain; charset="unterminated',
    'text/plain; na me=x',
    'text/plaın',
    'text/plain; charset=ü',
    `text/${'x'.repeat(300)}`,
  ])('refuses %j', (value) => {
    expect(isMediaType(value)).toBe(false);
  });
});
