import { isWaitingStatus } from '@sealdrop/core/api-schemas';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { isShortCode } from '@sealdrop/core/short-code';
import { UPLOAD_PAUSED_TEXT } from '@sealdrop/core/upload-progress';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { AlertIcon, LinkIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { ApiError } from '../../../lib/api-client';
import type { RenderReportLink } from '../../../lib/reports';
import { useRewardsEnabled } from '../../../lib/rewards-enabled';
import { useFileInfo } from '../api/file-info';
import { useLinkSecrets } from '../hooks/use-link-secrets';
import { useOpenedFileInfo } from '../hooks/use-opened-file-info';
import {
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
  WRONG_KEY_MESSAGE,
} from '../lib/download-errors';
import { EncryptedDownload } from './encrypted-download';
import { FileDetails } from './file-details';
import { PassphrasePrompt } from './passphrase-prompt';
import { PlainDownload } from './plain-download';
import './download-page.css';

/**
 * /download/:fileId. Encrypted files need the key in the fragment (#key=…&iv=…, or
 * #wkey=… behind a passphrase); unencrypted ones have no fragment and download directly.
 * The fragment is read here and only ever handed to WebCrypto: it is never sent,
 * stored or logged.
 */
export function DownloadPage({
  renderReportLink,
}: {
  /** "Report this file" under the card, wherever the file exists (from src/app). */
  renderReportLink?: RenderReportLink;
} = {}) {
  useDocumentTitle('Download');
  const { fileId } = useParams();
  return (
    <main className="download-page">
      {fileId && isShortCode(fileId) ? (
        <FileDownload fileId={fileId} renderReportLink={renderReportLink} />
      ) : (
        <Problem message={INVALID_LINK_MESSAGE} />
      )}
    </main>
  );
}

function FileDownload({
  fileId,
  renderReportLink,
}: {
  fileId: string;
  renderReportLink: RenderReportLink | undefined;
}) {
  const { hash } = useLocation();
  const link = useLinkSecrets(hash);
  const secrets = link.status === 'open' ? link.secrets : null;
  const info = useFileInfo(fileId);
  // Names of encrypted files are sealed: opened here with the link's key, never sent anywhere.
  const opened = useOpenedFileInfo(info.data, secrets?.rawKey);
  const rewards = useRewardsEnabled();

  if (info.isPending || opened.opening) {
    return (
      <MessagePanel icon={<Spinner size="lg" />}>
        <p role="status">Loading file information…</p>
      </MessagePanel>
    );
  }
  if (info.isError) {
    const notFound = info.error instanceof ApiError && info.error.status === 404;
    // A 410 says why in the server's words: removed (malware, terms), or the upload did not
    // finish (the sender cancelled it, or it was swept), whether this page waited on it or not.
    const clientError = info.error instanceof ApiError && info.error.status < 500;
    return (
      <Problem
        message={
          notFound ? NOT_FOUND_MESSAGE : clientError ? info.error.message : GENERAL_ERROR_MESSAGE
        }
      />
    );
  }
  const file = opened.file ?? info.data;
  // The file exists from here on: whatever state the page is in, it can be reported. Its key goes
  // to the dialog only when it is open here, and leaves the page only if the reporter says so.
  // A key that does not open the file is no use to a moderator: the report goes without it.
  const report = renderReportLink?.({
    code: fileId,
    fileKey: file.isEncrypted && secrets && !opened.wrongKey ? buildFragment(secrets) : null,
  });
  if (file.isEncrypted && link.status === 'missing') {
    return <Problem message={INVALID_LINK_MESSAGE}>{report}</Problem>;
  }
  // Said at once: the download would only fail on its first record after the click.
  if (opened.wrongKey) return <Problem message={WRONG_KEY_MESSAGE}>{report}</Problem>;
  // A protected link asks first, even while the sender still uploads: typing can overlap the wait.
  const locked = file.isEncrypted && link.status === 'locked' ? link : null;
  const waiting = isWaitingStatus(file.status);
  return (
    <>
      <Card as="section" padding="lg" className="download-card" aria-labelledby="download-title">
        <h1 id="download-title" className="download-card__title">
          {file.isEncrypted ? 'Secure download' : 'Download'}
        </h1>
        <FileDetails file={file} locked={locked !== null} />
        {waiting ? (
          <div className="download-status download-status--waiting" role="status">
            <Spinner size="sm" />
            <span>{waitingText(file)}</span>
          </div>
        ) : null}
        {locked ? (
          <PassphrasePrompt unlock={locked.unlock} />
        ) : waiting ? null : file.isEncrypted && secrets ? (
          <EncryptedDownload file={file} files={opened.files} secrets={secrets} rewards={rewards} />
        ) : (
          <PlainDownload fileId={file.fileId || fileId} rewards={rewards} />
        )}
      </Card>
      {report}
    </>
  );
}

/** What the waiting page says: scanning, the sender's upload going, or paused (no progress lately). */
function waitingText(file: { status?: string; stalled?: boolean }): string {
  if (file.status === 'scanning') return BEING_SCANNED_TEXT;
  return file.stalled ? UPLOAD_PAUSED_TEXT : STILL_UPLOADING_TEXT;
}

/** A link opened while its file uploads waits, then turns into the download by itself. */
export const STILL_UPLOADING_TEXT =
  'The sender is still uploading this file. The download will be ready in a moment.';

/**
 * An unencrypted upload waits for the malware scanner before it turns ready; found infected, the
 * link then answers the removal text instead ("This file was removed because it contains malware.").
 */
export const BEING_SCANNED_TEXT =
  'This file is being checked for malware. The download will be ready in a moment.';

function Problem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <MessagePanel
      icon={message === NOT_FOUND_MESSAGE ? <LinkIcon size={28} /> : <AlertIcon size={28} />}
      tone="error"
    >
      <p role="alert">{message}</p>
      <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
        Return to Homepage
      </Link>
      {children}
    </MessagePanel>
  );
}
