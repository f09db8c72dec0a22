import { CloseIcon } from '../../../components/ui/icons';

/** The wallet's current error with a way to dismiss it (clearError). */
export function WalletError({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="sd-wallet__error" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="sd-wallet__error-close"
        aria-label="Dismiss wallet error"
        onClick={onDismiss}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
