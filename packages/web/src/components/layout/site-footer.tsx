import type { LinkLimits } from '@sealdrop/core/client/link-options';
import { retentionLabel } from '@sealdrop/core/retention';
import { Link } from 'react-router';
import { brand } from '../../config/brand';
import { useEncryptionClaimed } from '../../lib/encryption-claim';
import { useLinkLimits } from '../../lib/public-config';
import { LogoMark } from '../ui/icons';

/**
 * True for every reader and every file: the footer knows neither whether the person is premium nor
 * which expiry the file on the page was given (an hour, a day…), only that it is at most this.
 */
function footerText(limits: LinkLimits, encrypted: boolean): string {
  const retention = `when their link expires, within ${retentionLabel(limits.retentionMs.free)} (${retentionLabel(limits.retentionMs.premium)} on Premium)`;
  // On the page of a file shared without encryption, the footer claims none.
  return encrypted
    ? `Files are encrypted in your browser before upload and deleted ${retention}. No trackers, no ads.`
    : `Files are deleted ${retention}. No trackers, no ads.`;
}

/** Footer links use their own wording so they never clash with the top bar's Home/Mission/About. */
export function SiteFooter() {
  const encrypted = useEncryptionClaimed();
  const limits = useLinkLimits();
  return (
    <footer className="sd-footer">
      <div className="sd-container sd-footer__inner">
        <div className="sd-footer__about">
          <p className="sd-footer__brand">
            <LogoMark size={22} />
            {brand.name}
          </p>
          <p className="sd-footer__text">{footerText(limits, encrypted)}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="sd-footer__links">
            <li>
              <Link to="/">Share a file</Link>
            </li>
            <li>
              <Link to="/mission">Our mission</Link>
            </li>
            <li>
              <Link to="/about">How it works</Link>
            </li>
            <li>
              <Link to="/terms">Terms of use</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="sd-container">
        <p className="sd-footer__legal">
          © {new Date().getFullYear()} {brand.name}
        </p>
      </div>
    </footer>
  );
}
