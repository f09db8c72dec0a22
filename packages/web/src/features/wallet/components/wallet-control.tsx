import { useWallet } from '../state/wallet-context';
import { WalletDropdown } from './wallet-dropdown';
import { WalletPicker } from './wallet-picker';
import './wallet.css';

/** The top bar's wallet control; state lives in <WalletProvider>, so it can render twice. */
export function WalletControl() {
  const { status } = useWallet();
  return status === 'connected' ? <WalletDropdown /> : <WalletPicker />;
}
