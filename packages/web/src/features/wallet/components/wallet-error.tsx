import type { ReactNode } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { SUPPORTED_WALLETS } from '../adapters/wallet-adapter';

/**
 * The message with a wallet's install address ("{wallet} wallet not detected… from
 * {url}…") as a link to follow, the words unchanged. Only the known addresses become links: the
 * rest of a message, which may come from the server, stays text.
 */
function withInstallLink(message: string): ReactNode {
  const url = SUPPORTED_WALLETS.map((wallet) => wallet.installUrl).find((known) =>
    message.includes(known),
  );
  if (!url) return message;
  const at = message.indexOf(url);
  return (
    <>
      {message.slice(0, at)}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
      {message.slice(at + url.length)}
    </>
  );
}

/** The wallet's current error with a way to dismiss it (clearError). */
export function WalletError({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="sd-wallet__error" role="alert">
      <p>{withInstallLink(message)}</p>
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
