import { Modal } from '../../../components/ui/modal';
import { useFeedbackForm } from '../hooks/use-feedback-form';
import './feedback-dialog.css';
import { FeedbackForm } from './feedback-form';
import { FEEDBACK_TEXTS } from './feedback-texts';
import { FeedbackThanks } from './feedback-thanks';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The feedback modal: form -> submitting -> thank-you, which closes itself after 2 s.
 * Its content mounts only while open, so every opening starts with an empty form.
 */
export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  return open ? <FeedbackDialogContent onClose={onClose} /> : null;
}

function FeedbackDialogContent({ onClose }: { onClose: () => void }) {
  const form = useFeedbackForm({ onClose });
  const thanks = form.phase === 'thanks';
  return (
    <Modal
      open
      onClose={onClose}
      title={FEEDBACK_TEXTS.title}
      description={thanks ? undefined : FEEDBACK_TEXTS.description}
    >
      {thanks ? <FeedbackThanks /> : <FeedbackForm form={form} onCancel={onClose} />}
    </Modal>
  );
}
