import { useState } from 'react';
import type { ReportSlotProps } from '../../../lib/reports';
import { ReportDialog } from './report-dialog';
import { REPORT_TEXTS } from './report-texts';
import './report.css';

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
      <ReportDialog open={open} onClose={() => setOpen(false)} code={code} fileKey={fileKey} />
    </div>
  );
}

/** What the composition hands to the download page, so wiring it in is one line. */
export function renderReportLink(props: ReportSlotProps) {
  return <ReportLink {...props} />;
}
