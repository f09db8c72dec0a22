import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Toast } from '../../../components/ui/toast';
import { linkWithKey } from '../../../lib/file-keys';
import { serverMessageOf } from '../../../lib/server-message';
import { type ListedFile, useMyFiles } from '../api/my-files';
import { DeleteFileDialog } from './delete-file-dialog';
import { ErrorNotice } from './error-notice';
import { FileTable } from './file-table';
import { Pagination } from './pagination';

/** Fixed product text, word for word. */
export const FETCH_FILES_FAILED = 'Failed to fetch files';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function FilesPanel({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useMyFiles(userId, page);
  const [toDelete, setToDelete] = useState<ListedFile | null>(null);
  const [copied, setCopied] = useState(false);

  const goTo = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: true });

  const data = query.data;
  // Deleting the last file of a later page leaves it empty: step back to the page before.
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1 && data.total > 0) {
      setParams(data.page > 2 ? { page: String(data.page - 1) } : {});
    }
  }, [data, setParams]);

  // Only offered where the link can go out whole: a plain file, or one whose key is known here.
  async function copyLink(file: ListedFile) {
    try {
      await navigator.clipboard.writeText(linkWithKey(file.shortUrl, file.fileId));
    } catch {
      // A failed clipboard write is ignored; the confirmation still shows.
    }
    setCopied(true);
  }

  if (query.isPending) {
    return (
      <div className="sd-account__loading">
        <Spinner size="lg" label="Loading your files" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorNotice message={FETCH_FILES_FAILED} detail={serverMessageOf(query.error)}>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </ErrorNotice>
    );
  }
  if (query.data.total === 0) {
    return (
      <div className="sd-account-empty">
        <p>You have no files yet. Files you upload while logged in appear here.</p>
        <Link to="/" className={buttonClassName()}>
          Upload a file
        </Link>
      </div>
    );
  }
  return (
    <>
      <FileTable files={query.data.items} onCopy={copyLink} onDelete={setToDelete} />
      <Pagination
        page={query.data.page}
        pageSize={query.data.limit}
        total={query.data.total}
        onPageChange={goTo}
      />
      <DeleteFileDialog userId={userId} file={toDelete} onClose={() => setToDelete(null)} />
      <Toast open={copied} message="Link copied" tone="success" onClose={() => setCopied(false)} />
    </>
  );
}
