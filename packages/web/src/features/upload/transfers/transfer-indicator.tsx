import { Link } from 'react-router';
import { isRunning, overallPercent } from './transfers';
import { useTransfers } from './transfers-provider';
import './transfer-indicator.css';

/**
 * The top bar's word on the running uploads, on every page but home (which shows their cards):
 * a progress bar and the percentage, linking home. Nothing when no upload runs.
 */
export function TransferIndicator() {
  const transfers = useTransfers();
  const states = (transfers?.transfers ?? []).map((transfer) => transfer.state);
  const running = states.filter(isRunning).length;
  if (running === 0) return null;
  const percent = overallPercent(states);
  const label = running === 1 ? 'Uploading' : `Uploading ${running} files`;
  return (
    <Link to="/" className="sd-transfer-indicator" title="Show the upload">
      <span
        className="sd-transfer-indicator__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="sd-transfer-indicator__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="sd-transfer-indicator__text">
        <span className="sd-transfer-indicator__label">{label} </span>
        {percent}%
      </span>
    </Link>
  );
}
