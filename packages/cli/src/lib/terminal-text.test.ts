import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal-text';

const ESC = '\u001b';
const BEL = '\u0007';

describe('terminalText', () => {
  it('removes clipboard writes (OSC 52) whole, ended by BEL, by ST or not at all', () => {
    expect(terminalText(`Bad${ESC}]52;c;cm0gLXJmIH4v+Zm9v${BEL} request`)).toBe('Bad request');
    expect(terminalText(`Bad${ESC}]52;c;Zm9v${ESC}\\ request`)).toBe('Bad request');
    expect(terminalText(`Bad\u009d52;c;Zm9v\u009c request`)).toBe('Bad request');
    expect(terminalText(`Bad request${ESC}]52;c;Zm9vYmFy`)).toBe('Bad request');
  });

  it('removes screen clearing, cursor moves, colours and title or hyperlink strings', () => {
    expect(terminalText(`${ESC}[2J${ESC}[H${ESC}[3JGone`)).toBe('Gone');
    expect(terminalText(`${ESC}[1;31mred${ESC}[0m`)).toBe('red');
    expect(terminalText(`\u009b2J\u009b1;1Hhome`)).toBe('home');
    expect(terminalText(`${ESC}]0;pwned${BEL}title`)).toBe('title');
    expect(terminalText(`${ESC}]8;;https://evil.example${ESC}\\here${ESC}]8;;${ESC}\\`)).toBe(
      'here',
    );
    expect(terminalText(`${ESC}Pq#0;2;0;0;0${ESC}\\sixel`)).toBe('sixel');
    expect(terminalText(`${ESC}c${ESC}(Breset`)).toBe('reset');
  });

  it('shows any other control or bidirectional character instead of obeying it', () => {
    expect(terminalText('line\nfake prompt\r$ ')).toBe('line[U+000A]fake prompt[U+000D]$ ');
    expect(terminalText(`ring${BEL}`)).toBe('ring[U+0007]');
    expect(terminalText('invoice\u202Efdp.exe')).toBe('invoice[U+202E]fdp.exe');
    expect(terminalText(`lone ${ESC}`)).toBe('lone ');
  });

  it('leaves ordinary text alone, accents and other scripts included', () => {
    const text = 'File not found or has expired. Résumé 東京 – 50% [1/2] ~/a_b';
    expect(terminalText(text)).toBe(text);
  });
});
