import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { WalletIcon } from '../../../components/ui/icons';
import type { usePopover } from './use-popover';

/**
 * The wallet control's frame, linked or not: a small wallet button in the top bar that opens a
 * panel under it. `trigger` is what differs (its text, label, loading state).
 */
export function WalletPopover({
  popover,
  trigger,
  children,
}: {
  popover: ReturnType<typeof usePopover>;
  trigger: Pick<ButtonProps, 'children' | 'loading' | 'aria-label'>;
  children: ReactNode;
}) {
  return (
    <div className="sd-wallet" ref={popover.rootRef}>
      <Button
        variant="secondary"
        size="sm"
        icon={<WalletIcon size={18} />}
        {...trigger}
        {...popover.triggerProps}
      />
      <div className="sd-wallet__panel" {...popover.panelProps}>
        {children}
      </div>
    </div>
  );
}
