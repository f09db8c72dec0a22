import { MessageIcon } from '../ui/icons';

/**
 * The feedback button, on every page except home (the layout decides where). It floats bottom
 * left only where the window leaves it a margin beside the page's column, and otherwise sits at
 * the end of the page just above the footer, so it never covers the page's text or the footer's,
 * whatever the width (layout.css).
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
