import { useEffect, useRef } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { FEEDBACK_TEXTS } from './feedback-texts';

/** Takes focus when it replaces the form, so the focused submit button does not vanish into nothing. */
export function FeedbackThanks() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="sd-thanks sd-feedback-thanks" role="status" tabIndex={-1}>
      <span className="sd-thanks__icon" aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <p className="sd-thanks__title">{FEEDBACK_TEXTS.thanksTitle}</p>
      <p className="sd-feedback-thanks__body">{FEEDBACK_TEXTS.thanksBody}</p>
    </div>
  );
}
