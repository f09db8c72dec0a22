import { lazy, Suspense, useState } from 'react';
import type { ReportSlotProps } from '../../../lib/reports';
import { REPORT_TEXTS } from './report-texts';
import './report.css';

// The dialog comes in a script of its own when first opened: most visits never report anything.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * "Report this file" under a file's card: a button (it opens a dialog, it goes nowhere) that reads
 * as a quiet link, so it never competes with the download.
 */
export function ReportLink({ code, fileKey }: ReportSlotProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sd-report-link">
      <button
        type="button"
        className="sd-report-link__button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {REPORT_TEXTS.link}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog open onClose={() => setOpen(false)} code={code} fileKey={fileKey} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** What the composition hands to the download page, so wiring it in is one line. */
export function renderReportLink(props: ReportSlotProps) {
  return <ReportLink {...props} />;
}
