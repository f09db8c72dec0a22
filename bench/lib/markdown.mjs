// Markdown pieces for bench/report.mjs.

export function table(header, rows) {
  if (!rows.length) return '_No results yet: run the bench named above._';
  const line = (cells) =>
    `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Replaces what sits between `<!-- bench:name -->` and `<!-- /bench:name -->` in `text`. */
export function splice(text, name, content) {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start)
    throw new Error(`docs/performance.md lacks the markers ${open} … ${close}`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

export const fixed = (value, digits = 1) =>
  value === undefined || value === null ? '–' : Number(value).toFixed(digits);
