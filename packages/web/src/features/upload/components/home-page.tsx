import {
  defaultExpirySeconds,
  expiryOptions,
  type LinkLimits,
  linkLimits,
} from '@sealdrop/core/client/link-options';
import { fileTooLargeMessage, maxSizeLabel } from '@sealdrop/core/limits';
import { passphraseStrongEnough } from '@sealdrop/core/password-strength';
import { retentionLabel } from '@sealdrop/core/retention';
import { useState } from 'react';
import { cardViewOf, type UploadFlowDeps } from '../hooks/use-upload-flow';
import { bundleFiles, type PickedFile, sealedListProblem } from '../lib/file-bundle';
import { type PendingUploadStore, pendingUploads } from '../resume/pending-upload-store';
import { ResumeOffer } from '../resume/resume-offer';
import { usePendingUploads } from '../resume/use-pending-uploads';
import { isRunning, type TransferView } from '../transfers/transfers';
import { type Transfers, TransfersProvider, useTransfers } from '../transfers/transfers-provider';
import { BenefitTiles } from './benefit-tiles';
import { type DownloadLimit, DownloadLimitSelect } from './download-limit-select';
import { ExpirySelect } from './expiry-select';
import { FileDropZone } from './file-drop-zone';
import { PASSPHRASE_LINK_NOTE, PassphraseField } from './passphrase-field';
import { PremiumCard } from './premium-card';
import { HOME_COPY_CONFIRM_MS } from './upload-status-texts';
import { UploadStatusView } from './upload-status-view';
import './home-page.css';

export interface HomePageProps {
  /** Premium raises the size limit to 100GB and keeps files 30 days; the texts follow. */
  isPremium?: boolean;
  /** The server's retention and size limits (GET /api/config); default: a default server's. */
  limits?: LinkLimits;
  /** Unfinished uploads of this browser (IndexedDB); tests pass their own. */
  resumeStore?: PendingUploadStore;
  /**
   * Called once per finished upload, e.g. to claim the upload reward of a signed-in user. Only
   * when the page runs its own uploads: inside the app's TransfersProvider, that provider is told.
   */
  onUploaded?: UploadFlowDeps['onReady'];
}

const DEFAULT_LIMITS = linkLimits();

/**
 * Home: pick files or a folder, get one link at once, watch it upload. Inside the app the
 * uploads belong to the app's TransfersProvider and outlive the page; rendered on its own, the page
 * runs its own (they end with it).
 */
export function HomePage(props: HomePageProps) {
  const transfers = useTransfers();
  if (transfers) return <HomeContent {...props} transfers={transfers} />;
  return (
    <TransfersProvider store={props.resumeStore} onReady={props.onUploaded}>
      <HomePage {...props} />
    </TransfersProvider>
  );
}

function HomeContent({
  isPremium = false,
  limits = DEFAULT_LIMITS,
  resumeStore = pendingUploads,
  transfers,
}: HomePageProps & { transfers: Transfers }) {
  const [encrypt, setEncrypt] = useState(true);
  // null until the person picks one: the default follows the tier (premium may load later).
  const [expiryChoice, setExpiryChoice] = useState<number | null>(null);
  const expiresIn = expiryChoice ?? defaultExpirySeconds(limits, isPremium);
  const [downloadLimit, setDownloadLimit] = useState<DownloadLimit>(null);
  const [passphrase, setPassphrase] = useState('');
  /** Files were added with a weak passphrase: refused, and the field says why. */
  const [passphraseRefused, setPassphraseRefused] = useState(false);
  // "Upload Another" shows the picker beside the cards; a running upload keeps going meanwhile.
  const [picking, setPicking] = useState(false);
  const { pending, dismiss, discard } = usePendingUploads(resumeStore);
  const tier = isPremium ? 'premium' : 'guest';
  const maxBytes = limits.maxUploadBytes[tier];
  const maxLabel = maxSizeLabel(maxBytes);
  const retention = retentionLabel(limits.retentionMs[tier]);

  const onFiles = (picked: PickedFile[]) => {
    const file = bundleFiles(picked);
    if (!file) return;
    // Refused before anything is requested: no short link, no presign.
    // Several files count together against the limit: they share one link.
    if (file.size > maxBytes) {
      window.alert(fileTooLargeMessage(maxBytes));
      return;
    }
    // Several files always travel encrypted: their list is in the sealed metadata record.
    const sealed = encrypt || picked.length > 1;
    const problem = sealed ? sealedListProblem(file) : null;
    if (problem) {
      window.alert(problem);
      return;
    }
    const protect = isPremium && sealed && passphrase ? { passphrase } : {};
    // Refused before anything is requested, as a weak account password is.
    if (protect.passphrase && !passphraseStrongEnough(protect.passphrase)) {
      setPassphraseRefused(true);
      return;
    }
    setPassphraseRefused(false);
    setPicking(false);
    transfers.start(file, sealed, { expiresIn, downloadLimit, ...protect });
  };
  const uploadAnother = (transfer: TransferView) => {
    // A finished card makes room; a running one stays and goes on beside the next.
    if (!isRunning(transfer.state)) transfers.dismiss(transfer.id);
    setPicking(true);
  };
  const showPicker = picking || transfers.transfers.length === 0;

  return (
    <main id="main" className="sd-home sd-container">
      <section className="sd-home-hero">
        <h1 className="sd-home-hero__title">Share files privately, in seconds.</h1>
        <p className="sd-home-hero__lead">
          Encrypted in your browser, stored for up to {retention}, shared with one short link.
        </p>
      </section>

      <div className="sd-home-main">
        <div className="sd-home-upload">
          {transfers.transfers.map((transfer) => (
            <TransferCard
              key={transfer.id}
              transfer={transfer}
              onUploadAnother={() => uploadAnother(transfer)}
            />
          ))}
          {showPicker ? (
            <>
              {pending ? (
                <ResumeOffer
                  key={pending.fileId}
                  upload={pending}
                  onResume={(file) => {
                    dismiss(pending.fileId);
                    setPicking(false);
                    transfers.resume(pending, file);
                  }}
                  onDiscard={() => discard(pending)}
                />
              ) : null}
              <FileDropZone maxLabel={maxLabel} onFiles={onFiles} />
              <label className="sd-home-encrypt">
                <input
                  type="checkbox"
                  checked={encrypt}
                  onChange={(event) => setEncrypt(event.currentTarget.checked)}
                />
                Encrypt in my browser
              </label>
              <ExpirySelect
                value={expiresIn}
                onChange={setExpiryChoice}
                options={expiryOptions(limits, isPremium)}
              />
              <DownloadLimitSelect value={downloadLimit} onChange={setDownloadLimit} />
              <PassphraseField
                value={passphrase}
                onChange={(value) => {
                  setPassphrase(value);
                  setPassphraseRefused(false);
                }}
                isPremium={isPremium}
                disabled={!encrypt}
                refused={passphraseRefused}
              />
            </>
          ) : null}
        </div>
        <PremiumCard isPremium={isPremium} />
      </div>

      <BenefitTiles maxLabel={maxLabel} retention={retention} isPremium={isPremium} />
    </main>
  );
}

/** One upload's status card, with the passphrase note under a protected link. */
function TransferCard({
  transfer,
  onUploadAnother,
}: {
  transfer: TransferView;
  onUploadAnother: () => void;
}) {
  const { state } = transfer;
  return (
    <>
      <UploadStatusView
        {...cardViewOf(state)}
        onCancel={transfer.cancel}
        onRetry={transfer.retry}
        onUploadAnother={onUploadAnother}
        copyConfirmMs={HOME_COPY_CONFIRM_MS}
      />
      {state.link && state.options?.passphrase ? (
        <p className="sd-home-option__note sd-home-passphrase-note">{PASSPHRASE_LINK_NOTE}</p>
      ) : null}
    </>
  );
}
