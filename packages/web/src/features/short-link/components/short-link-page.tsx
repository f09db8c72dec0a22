import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { resolveShortLink, SHORT_LINK_MESSAGES } from '../api/resolve-short-link';

/** /s/:shortCode — asks the server where the file lives, then replaces itself with that page. */
export function ShortLinkPage() {
  useDocumentTitle('Opening your file');
  const { shortCode = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The decryption key lives in the fragment; it must survive the redirect untouched.
  const hash = location.hash || window.location.hash;

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    resolveShortLink(shortCode, controller.signal).then(
      (target) => {
        if (controller.signal.aborted) return;
        navigate(`${target}${hash}`, { replace: true });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : SHORT_LINK_MESSAGES.failed);
      },
    );
    return () => controller.abort();
  }, [shortCode, hash, navigate]);

  return (
    <main>
      {error ? (
        <MessagePanel icon={<AlertIcon size={28} />} tone="error" title="This link did not open">
          <p role="alert">{error}</p>
          <Link to="/" className={buttonClassName()}>
            Go to the homepage
          </Link>
        </MessagePanel>
      ) : (
        <MessagePanel icon={<Spinner size="lg" />}>
          <p role="status">Redirecting to your file...</p>
        </MessagePanel>
      )}
    </main>
  );
}
