import { MessageIcon } from '../../../components/ui/icons';

/** Floating button, bottom left, on every page except home (the layout decides where). */
export function FeedbackButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="sd-feedback-button"
      aria-label="Send feedback"
      onClick={onClick}
    >
      <MessageIcon size={18} />
      <span>Feedback</span>
    </button>
  );
}
