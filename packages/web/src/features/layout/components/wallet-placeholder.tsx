import { Button } from '../../../components/ui/button';
import { WalletIcon } from '../../../components/ui/icons';

/** Stand-in for the wallet picker until the wallet feature passes its own `walletSlot`. */
export function WalletPlaceholder() {
  return (
    <Button variant="secondary" size="sm" icon={<WalletIcon size={18} />}>
      Connect Wallet
    </Button>
  );
}
