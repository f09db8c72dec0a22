import { MessageIcon } from '../ui/icons';

/**
 * Floating button, bottom left, on every page except home (the layout decides where). It sits in a
 * dock placed just before the footer: the dock sticks to the bottom of the window while the footer
 * is out of sight and stops at the footer's top edge once it scrolls in, so the button never
 * covers footer text, whatever the width.
 */
export function FeedbackButton({ onClick }: { onClick: () => void }) {
  return (
    <div className="sd-feedback-dock">
      <button
        type="button"
        className="sd-feedback-button"
        aria-label="Send feedback"
        onClick={onClick}
      >
        <MessageIcon size={18} />
        <span>Feedback</span>
      </button>
    </div>
  );
}
