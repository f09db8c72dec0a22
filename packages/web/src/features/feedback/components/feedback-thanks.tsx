import { DialogThanks } from '../../../components/form/dialog-form';
import { FEEDBACK_TEXTS } from './feedback-texts';

export function FeedbackThanks() {
  return (
    <DialogThanks title={FEEDBACK_TEXTS.thanksTitle} className="sd-feedback-thanks">
      <p className="sd-feedback-thanks__body">{FEEDBACK_TEXTS.thanksBody}</p>
    </DialogThanks>
  );
}
