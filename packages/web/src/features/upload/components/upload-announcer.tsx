/**
 * What a screen reader hears about an upload: a polite live region that speaks
 * at milestones only — started, each quarter, ready, failed — never on every percent. Its words
 * differ from the visible texts, so finding those by text still finds exactly one element.
 */
import type { UploadCardStatus } from './upload-status-texts';

const QUARTERS = [
  [75, 'Three quarters sent.'],
  [50, 'Half sent.'],
  [25, 'A quarter sent.'],
] as const;

export function announcement(status: UploadCardStatus, percent: number): string {
  if (status === 'ready') return 'Transfer complete. The link now works.';
  if (status === 'error') return 'The transfer stopped. You can try it again.';
  if (status === 'idle') return '';
  return QUARTERS.find(([at]) => percent >= at)?.[1] ?? 'Transfer started.';
}

export function UploadAnnouncer({
  status,
  percent,
}: {
  status: UploadCardStatus;
  percent: number;
}) {
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement(status, percent)}
    </p>
  );
}
