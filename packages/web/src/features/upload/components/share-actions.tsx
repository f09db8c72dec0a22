import { Button, buttonClassName } from '../../../components/ui/button';
import { CopyIcon, ShareIcon } from '../../../components/ui/icons';
import { Toast } from '../../../components/ui/toast';
import { useCopyConfirmation } from '../hooks/use-copy-confirmation';
import { emailShareUrl, telegramShareUrl, whatsappShareUrl } from './share-links';
import { useThirdPartyShareNotice } from './third-party-share-notice';

export interface ShareActionsProps {
  url: string | null | undefined;
  copyConfirmMs: number;
}

/** `thirdParty`: the link, key included, goes to that company's servers (notice first). */
const SHARE_TARGETS = [
  { label: 'WhatsApp', href: whatsappShareUrl, thirdParty: true },
  { label: 'Telegram', href: telegramShareUrl, thirdParty: true },
  { label: 'Email', href: emailShareUrl, thirdParty: false },
] as const;

/** Copy, share targets and the native share sheet for the link; inert until a link exists. */
export function ShareActions({ url, copyConfirmMs }: ShareActionsProps) {
  const { copied, copy } = useCopyConfirmation(copyConfirmMs);
  const notice = useThirdPartyShareNotice();
  const canNativeShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const nativeShare = async () => {
    if (!url) return;
    try {
      await navigator.share({ url });
    } catch {
      // Dismissing the share sheet rejects; nothing to report.
    }
  };

  return (
    <div className="sd-upload-share">
      <Button
        variant="primary"
        size="sm"
        icon={<CopyIcon size={16} />}
        disabled={!url}
        onClick={() => url && copy(url)}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
      {SHARE_TARGETS.map((target) =>
        url ? (
          <a
            key={target.label}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            href={target.href(url)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={
              target.thirdParty ? notice.onShareClick(target.label, target.href(url)) : undefined
            }
          >
            {target.label}
          </a>
        ) : null,
      )}
      {canNativeShare ? (
        <Button
          variant="secondary"
          size="sm"
          icon={<ShareIcon size={16} />}
          disabled={!url}
          onClick={nativeShare}
        >
          Share
        </Button>
      ) : null}
      <Toast open={copied} message="Link copied" tone="success" duration={0} />
      {notice.dialog}
    </div>
  );
}
