/**
 * What the report dialog and the moderation console share about reports: the label of each
 * reason (the words a visitor chooses from and a moderator reads), and the slot through which the
 * composition hands the download page its "Report this file" link.
 */
import type { ReportReason } from '@sealdrop/core/moderation';
import type { ReactNode } from 'react';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  malware: 'Malware or phishing',
  illegal: 'Illegal content',
  copyright: 'Copyright infringement',
  spam: 'Spam or scam',
  other: 'Something else',
};

export interface ReportSlotProps {
  /** The file id (or short code) the page shows. */
  code: string;
  /**
   * The link's key as `key=…&iv=…` when the file is encrypted and open on this page (for a
   * protected link, once its passphrase unlocked it); null otherwise. The report dialog sends it
   * only when the reporter ticks the box that says so.
   */
  fileKey: string | null;
}

/** Renders the "Report this file" link and its dialog, for the page that shows a file. */
export type RenderReportLink = (props: ReportSlotProps) => ReactNode;
