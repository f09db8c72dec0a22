/**
 * The media-type grammar of RFC 9110 §8.3.1, ASCII only: `type "/" subtype *( OWS ";" OWS
 * name "=" ( token / quoted-string ) )`. A stored content type that fits it can always be written
 * into a header; one with CR/LF or other junk is refused at presign, so it can never split a response header.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const PARAMETER = `[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED_STRING})`;
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:${PARAMETER})*$`);

export const MAX_MEDIA_TYPE_LENGTH = 255;

export function isMediaType(value: string): boolean {
  return value.length <= MAX_MEDIA_TYPE_LENGTH && MEDIA_TYPE.test(value);
}
