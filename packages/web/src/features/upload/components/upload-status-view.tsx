import { visibleName } from '@sealdrop/core/file-list';
import { formatExpiry } from '@sealdrop/core/format-expiry';
import { formatSize } from '@sealdrop/core/format-size';
import { useId } from 'react';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { normalizeProgress, type ProgressValue } from '../lib/upload-format';
import { LinkField } from './link-field';
import { ShareActions } from './share-actions';
import { UploadAnnouncer } from './upload-announcer';
import { UploadProgress } from './upload-progress';
import {
  CARD_COPY_CONFIRM_MS,
  LINK_HINT_FAILED,
  LINK_HINT_PENDING,
  LINK_HINT_READY,
  LINK_HINT_REMOVED,
  STATUS_TEXTS,
  type UploadCardStatus,
} from './upload-status-texts';
import './upload-status-card.css';

export interface UploadStatusViewProps {
  status: UploadCardStatus;
  /** A percent, or { percent, speed, eta } as the progress callback reports it. */
  progress?: number | ProgressValue;
  /** Bytes per second; overrides `progress.speed`. */
  speed?: number | null;
  /** Seconds left; overrides `progress.eta`. */
  eta?: number | null;
  fileName?: string;
  fileSize?: number;
  finalUrl?: string | null;
  /** When the link stops working (ISO); shown once the link exists. */
  expiresAt?: string | null;
  /** Shown under the error texts: the server's message or a fixed fallback. */
  errorMessage?: string | null;
  /** The failed upload was removed by the server (blocked as malware): no Retry. */
  removed?: boolean;
  onRetry?: () => void;
  onUploadAnother?: () => void;
  copyConfirmMs?: number;
}

const BADGE_TONE: Record<UploadCardStatus, BadgeProps['tone']> = {
  idle: 'neutral',
  processing: 'info',
  uploading: 'accent',
  ready: 'success',
  error: 'danger',
};

/** The status card as a pure view of its props (the "driven from outside" mode). */
export function UploadStatusView(props: UploadStatusViewProps) {
  const { status, fileName, fileSize, finalUrl, expiresAt, errorMessage } = props;
  const titleId = useId();
  const texts = STATUS_TEXTS[status] ?? STATUS_TEXTS.idle;
  const normalized = normalizeProgress(props.progress);
  const percent = status === 'ready' ? 100 : normalized.percent;
  const speed = props.speed !== undefined ? props.speed : normalized.speed;
  const eta = props.eta !== undefined ? props.eta : normalized.eta;
  const failed = status === 'error';

  return (
    <Card as="section" className="sd-upload-card" aria-labelledby={titleId} padding="lg">
      <header className="sd-upload-card__header">
        <h2 id={titleId} className="sd-upload-card__title">
          Upload Status
        </h2>
        <Badge tone={BADGE_TONE[status]} className="sd-upload-card__badge">
          {texts.title}
        </Badge>
      </header>
      <p className="sd-upload-card__description">{texts.description}</p>

      {fileName ? (
        <p className="sd-upload-card__file">
          {/*
            The sender's own file name, its hidden characters written out (core's visibleName);
            cut short with an ellipsis when long, the title holding the whole name.
          */}
          <span className="sd-upload-card__file-name" title={visibleName(fileName)}>
            {visibleName(fileName)}
          </span>
          {typeof fileSize === 'number' ? (
            <span className="sd-upload-card__file-size">{formatSize(fileSize)}</span>
          ) : null}
        </p>
      ) : null}

      <UploadAnnouncer status={status} percent={percent} />
      <UploadProgress
        percent={percent}
        speed={speed ?? null}
        eta={eta ?? null}
        showRate={status === 'uploading'}
      />

      <LinkField
        url={finalUrl}
        dead={failed}
        hint={
          failed
            ? props.removed
              ? LINK_HINT_REMOVED
              : LINK_HINT_FAILED
            : status === 'ready'
              ? LINK_HINT_READY
              : LINK_HINT_PENDING
        }
      />
      {expiresAt && finalUrl && !failed ? (
        <p className="sd-upload-card__expiry">{formatExpiry(expiresAt)}</p>
      ) : null}
      {/* A failed upload's link leads nowhere: no Copy, no share buttons. */}
      <ShareActions
        url={failed ? null : finalUrl}
        copyConfirmMs={props.copyConfirmMs ?? CARD_COPY_CONFIRM_MS}
      />

      {status === 'error' && errorMessage ? (
        <p className="sd-upload-card__error" role="alert">
          {errorMessage}
        </p>
      ) : null}

      <div className="sd-upload-card__actions">
        {status === 'error' && !props.removed ? (
          <Button variant="primary" onClick={props.onRetry}>
            Retry
          </Button>
        ) : null}
        <Button variant="secondary" onClick={props.onUploadAnother}>
          Upload Another
        </Button>
      </div>
    </Card>
  );
}
