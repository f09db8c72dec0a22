import { useOpenAuth } from '../../../components/layout/layout-actions';
import { Button } from '../../../components/ui/button';
import { SUPPORTED_WALLETS } from '../adapters/wallet-adapter';
import { GUEST_WALLET_NOTE, useWallet } from '../state/wallet-context';
import { usePopover } from './use-popover';
import { WalletError } from './wallet-error';
import { WalletPopover } from './wallet-popover';

/**
 * "Connect Wallet": opens a picker of Phantom and Solflare. A guest is told that a wallet belongs
 * to an account and is offered "Log In", which opens the layout's login dialog.
 */
export function WalletPicker() {
  const wallet = useWallet();
  const popover = usePopover();
  const openAuth = useOpenAuth();
  const connecting = wallet.status === 'connecting';

  return (
    <WalletPopover
      popover={popover}
      trigger={{ loading: connecting, children: connecting ? 'Connecting…' : 'Connect Wallet' }}
    >
      {wallet.signedIn ? (
        <>
          <p className="sd-wallet__heading">Choose a wallet</p>
          <ul className="sd-wallet__choices">
            {SUPPORTED_WALLETS.map(({ name }) => (
              <li key={name}>
                <Button
                  variant="ghost"
                  block
                  disabled={wallet.loading}
                  onClick={async () => {
                    const outcome = await wallet.connect(name);
                    if (outcome.success) popover.close();
                  }}
                >
                  {name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="sd-wallet__note">{GUEST_WALLET_NOTE}</p>
          {openAuth ? (
            <Button
              size="sm"
              block
              onClick={() => {
                popover.close();
                openAuth('login');
              }}
            >
              Log In
            </Button>
          ) : null}
        </>
      )}
      {wallet.error ? <WalletError message={wallet.error} onDismiss={wallet.clearError} /> : null}
    </WalletPopover>
  );
}
