/**
 * The report dialog's state: form → sending → thanks. What the server refuses (a rate limit, a
 * field it does not accept, a link already removed) comes back as its own message, shown as is.
 */
import { REPORT_DETAILS_MAX_LENGTH, type ReportReason } from '@sealdrop/core/moderation';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/server-message';
import { REPORT_FAILED_MESSAGE, submitReport } from '../api/submit-report';

export type ReportPhase = 'form' | 'sending' | 'thanks';

export interface ReportValues {
  reason: ReportReason;
  details: string;
  email: string;
  includeKey: boolean;
}

const INITIAL: ReportValues = { reason: 'malware', details: '', email: '', includeKey: false };

export function useReportForm({ code, fileKey }: { code: string; fileKey: string | null }) {
  const [values, setValues] = useState<ReportValues>(INITIAL);
  const [phase, setPhase] = useState<ReportPhase>('form');
  const [failure, setFailure] = useState<string | null>(null);
  const detailsTooLong = values.details.length > REPORT_DETAILS_MAX_LENGTH;

  const setField = <K extends keyof ReportValues>(field: K, value: ReportValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Sends the report; false when the details are too long (the form points at them). */
  const submit = async (): Promise<boolean> => {
    if (phase === 'sending') return true;
    if (detailsTooLong) return false;
    setFailure(null);
    setPhase('sending');
    try {
      await submitReport({
        code,
        reason: values.reason,
        details: values.details,
        email: values.email,
        // The key leaves this page only when the reporter ticked the box.
        key: values.includeKey && fileKey ? fileKey : null,
      });
      setPhase('thanks');
    } catch (error) {
      setFailure(serverMessageOf(error) ?? REPORT_FAILED_MESSAGE);
      setPhase('form');
    }
    return true;
  };

  return { values, phase, failure, detailsTooLong, setField, submit };
}

export type ReportFormState = ReturnType<typeof useReportForm>;
