import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ArrowRightIcon, LinkIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { useDocumentTitle } from '../../../components/ui/use-document-title';

/** Texts word for word. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main>
      <MessagePanel icon={<LinkIcon size={28} />} title="404 - Page Not Found">
        <p>Sorry, the page you are looking for does not exist or the file has expired.</p>
        <Link to="/" className={buttonClassName()}>
          Return to Homepage
          <ArrowRightIcon size={18} />
        </Link>
      </MessagePanel>
    </main>
  );
}
