import { formatSpeed } from '@sealdrop/core/format-size';
import { formatEta } from '../lib/upload-format';

export interface UploadProgressProps {
  /** Already clamped to 0–100. */
  percent: number;
  speed: number | null;
  eta: number | null;
  /** Speed and time left only mean something while bytes are moving. */
  showRate: boolean;
}

export function UploadProgress({ percent, speed, eta, showRate }: UploadProgressProps) {
  const rounded = Math.round(percent);
  return (
    <div className="sd-upload-progress">
      <div
        className="sd-upload-progress__track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
      >
        <div
          className="sd-upload-progress__bar"
          style={{ transform: `translateX(${percent - 100}%)` }}
        />
      </div>
      <div className="sd-upload-progress__meta">
        <span className="sd-upload-progress__percent">{rounded}%</span>
        {showRate && speed !== null ? <span>{formatSpeed(speed)}</span> : null}
        {showRate && eta !== null ? <span>{formatEta(eta)}</span> : null}
      </div>
    </div>
  );
}
