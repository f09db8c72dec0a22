/**
 * The CLI's only way to print (prompts and the progress bar aside, which print only their own
 * fixed texts): each line through terminalText, so nothing a server or a file name carries can
 * drive the terminal. A line break inside a line is shown, not obeyed: a server cannot add lines
 * that look like the CLI's own ("ready", a prompt).
 */
import { terminalText } from './terminal-text';

/** Writes `lines` to stdout, each made safe and ended by a line break. */
export function printOut(...lines: string[]): void {
  process.stdout.write(joined(lines));
}

/** Writes `lines` to stderr, each made safe and ended by a line break. */
export function printErr(...lines: string[]): void {
  process.stderr.write(joined(lines));
}

function joined(lines: readonly string[]): string {
  return lines.map((line) => `${terminalText(line)}\n`).join('');
}
