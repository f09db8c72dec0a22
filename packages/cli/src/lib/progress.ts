/**
 * The progress bar on stderr, only when stderr is a terminal: scripts and --json get clean output.
 */
import { formatSize, formatSpeed } from '@sealdrop/core/format-size';
import { SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

export function progressBar(label: string, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const started = performance.now();
  const bar = new SingleBar({
    stream: process.stderr,
    format: `${label} |{bar}| {percentage}% {done} of {size} {speed}`,
    barsize: 30,
    hideCursor: true,
    clearOnComplete: true,
    fps: 10,
  });
  let running = false;
  return {
    update(done, total) {
      const seconds = (performance.now() - started) / 1000;
      const payload = {
        done: formatSize(done),
        size: formatSize(total),
        speed: seconds > 0.5 ? formatSpeed(done / seconds) : '',
      };
      if (!running) {
        bar.start(Math.max(total, 1), done, payload);
        running = true;
      } else bar.update(done, payload);
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
