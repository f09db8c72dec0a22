/**
 * WhatsApp and Telegram receive the whole link, `#key=…` included, on their servers.
 * The buttons stay, as the product wants them, but the first share to each service in a
 * browser says so and waits for Continue or Cancel. Email opens the person's own mail program.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

const ACKNOWLEDGED_KEY = (service: string) => `sealdrop.thirdPartyShare.${service}`;

export function thirdPartyShareNotice(service: string) {
  return `This sends the full link, including its key, to ${service}.`;
}

function acknowledged(service: string): boolean {
  try {
    return localStorage.getItem(ACKNOWLEDGED_KEY(service)) === 'yes';
  } catch {
    return false;
  }
}

function acknowledge(service: string) {
  try {
    localStorage.setItem(ACKNOWLEDGED_KEY(service), 'yes');
  } catch {
    // Storage blocked: the notice shows again next time, which is the safe side.
  }
}

/**
 * Returns a click handler for a share link to a third-party service and the dialog to render.
 * The first click per service is held back until the person chooses Continue.
 */
export function useThirdPartyShareNotice() {
  const [pending, setPending] = useState<{ service: string; href: string } | null>(null);

  const onShareClick = (service: string, href: string) => (event: { preventDefault(): void }) => {
    if (acknowledged(service)) return;
    event.preventDefault();
    setPending({ service, href });
  };

  const confirm = () => {
    if (!pending) return;
    acknowledge(pending.service);
    window.open(pending.href, '_blank', 'noopener,noreferrer');
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => setPending(null)}
      title={pending ? `Share with ${pending.service}?` : ''}
      description={pending ? thirdPartyShareNotice(pending.service) : undefined}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button variant="primary" onClick={confirm}>
            Continue
          </Button>
        </>
      }
    />
  );

  return { onShareClick, dialog };
}
