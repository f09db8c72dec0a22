/**
 * Text the CLI prints that it did not write itself (a server's message, a file name, a link)
 * reaches a terminal, which obeys what it reads: OSC 52 writes the clipboard, CSI 2J clears the
 * screen, OSC 8 makes links that go elsewhere than they say. Everything printed goes through
 * terminalText (lib/output.ts): escape sequences are removed whole, payload included, and any
 * other hidden character is written out visibly as core's visibleName does for file names.
 */
import { visibleName } from '@sealdrop/core/file-list';

/**
 * ECMA-48's escape sequences, in their 7-bit (ESC …) and 8-bit (C1) forms:
 * - control strings (OSC, DCS, SOS, PM, APC) up to BEL or ST, or to the end when unterminated,
 *   as a terminal would swallow the rest;
 * - CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E;
 * - any other ESC with its intermediates and final byte.
 */
const ESCAPE_SEQUENCE = new RegExp(
  [
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[\\s\\S]*?(?:\\u0007|\\u001b\\\\|\\u009c|$)',
    '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?',
    '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]?',
  ].join('|'),
  'g',
);

/** One line as a terminal may show it: no escape sequence, no control or bidirectional character. */
export function terminalText(text: string): string {
  return visibleName(text.replace(ESCAPE_SEQUENCE, ''));
}
