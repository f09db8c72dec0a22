import { REPORT_REASONS } from '@sealdrop/core/moderation';
import { type FormEvent, useId, useRef } from 'react';
import { Link } from 'react-router';
import { FormFooter } from '../../../components/form/dialog-form';
import { REPORT_REASON_LABELS } from '../../../lib/reports';
import type { ReportFormState } from '../hooks/use-report-form';
import { REPORT_TEXTS as T } from './report-texts';

/**
 * Reason, details, the reporter's email and, for a file open on this page with its key, the box
 * that lets the key go with the report (off unless ticked).
 */
export function ReportForm({
  form,
  keyAvailable,
  abuseEmail,
  onCancel,
}: {
  form: ReportFormState;
  keyAvailable: boolean;
  abuseEmail: string | null;
  onCancel: () => void;
}) {
  const id = useId();
  const ids = {
    reason: `${id}-reason`,
    details: `${id}-details`,
    detailsHint: `${id}-details-hint`,
    detailsCount: `${id}-details-count`,
    detailsError: `${id}-details-error`,
    email: `${id}-email`,
    emailHint: `${id}-email-hint`,
    key: `${id}-key`,
    keyHint: `${id}-key-hint`,
  };
  const details = useRef<HTMLTextAreaElement>(null);
  const { values, failure, detailsTooLong, setField } = form;
  const sending = form.phase === 'sending';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await form.submit())) details.current?.focus();
  };

  return (
    // noValidate: the server's messages are shown, not the browser's bubbles.
    <form className="sd-form sd-report-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <div className="sd-form__field">
        <label htmlFor={ids.reason}>{T.reasonLabel}</label>
        <select
          id={ids.reason}
          value={values.reason}
          onChange={(event) => setField('reason', event.target.value as typeof values.reason)}
        >
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </div>

      <div className="sd-form__field">
        <label htmlFor={ids.details}>{T.detailsLabel}</label>
        <textarea
          ref={details}
          id={ids.details}
          rows={4}
          value={values.details}
          onChange={(event) => setField('details', event.target.value)}
          aria-invalid={detailsTooLong || undefined}
          aria-describedby={[ids.detailsHint, ids.detailsCount, detailsTooLong && ids.detailsError]
            .filter(Boolean)
            .join(' ')}
        />
        <div className="sd-report-form__row">
          <p id={ids.detailsHint} className="sd-form__hint">
            {T.detailsHint}
          </p>
          <p
            id={ids.detailsCount}
            className={`sd-report-form__count${detailsTooLong ? ' sd-report-form__count--over' : ''}`}
          >
            {T.detailsCount(values.details.length)}
          </p>
        </div>
        {detailsTooLong ? (
          <p id={ids.detailsError} className="sd-report-form__error" role="alert">
            {T.detailsTooLong}
          </p>
        ) : null}
      </div>

      <div className="sd-form__field">
        <label htmlFor={ids.email}>{T.emailLabel}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setField('email', event.target.value)}
          aria-describedby={ids.emailHint}
        />
        <p id={ids.emailHint} className="sd-form__hint">
          {T.emailHint}
        </p>
      </div>

      {keyAvailable ? (
        <div className="sd-form__check sd-report-form__check">
          <input
            id={ids.key}
            type="checkbox"
            checked={values.includeKey}
            onChange={(event) => setField('includeKey', event.target.checked)}
            aria-describedby={ids.keyHint}
          />
          <div>
            <label htmlFor={ids.key}>{T.keyLabel}</label>
            <p id={ids.keyHint} className="sd-form__hint">
              {T.keyHint}
            </p>
          </div>
        </div>
      ) : null}

      <p className="sd-report-form__terms">
        {T.termsBefore}
        <Link to="/terms" target="_blank" rel="noopener noreferrer">
          {T.termsLink}
        </Link>
        {T.termsAfter}
        {abuseEmail ? ` ${T.abuseEmail(abuseEmail)}` : null}
      </p>

      <FormFooter
        failure={failure}
        cancelLabel={T.cancel}
        onCancel={onCancel}
        submitLabel={sending ? T.submitting : T.submit}
        busy={sending}
      />
    </form>
  );
}
