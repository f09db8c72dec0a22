import { RETENTION_MS } from '@sealdrop/core/limits';
import { retentionLabel } from '@sealdrop/core/retention';
import { Link } from 'react-router';
import { brand } from '../../config/brand';
import { useEncryptionClaimed } from '../../lib/encryption-claim';
import { LogoMark } from '../ui/icons';

// True for every reader and every file: the footer knows neither whether the person is premium
// nor which expiry the file on the page was given (an hour, a day…), only that it is at most this.
const RETENTION = `when their link expires, within ${retentionLabel(RETENTION_MS.free)} (${retentionLabel(RETENTION_MS.premium)} on Premium)`;
const FOOTER_TEXT = `Files are encrypted in your browser before upload and deleted ${RETENTION}. No trackers, no ads.`;
/** On the page of a file shared without encryption, the footer claims none. */
const FOOTER_TEXT_PLAIN = `Files are deleted ${RETENTION}. No trackers, no ads.`;

/** Footer links use their own wording so they never clash with the top bar's Home/Mission/About. */
export function SiteFooter() {
  const encrypted = useEncryptionClaimed();
  return (
    <footer className="sd-footer">
      <div className="sd-container sd-footer__inner">
        <div className="sd-footer__about">
          <p className="sd-footer__brand">
            <LogoMark size={22} />
            {brand.name}
          </p>
          <p className="sd-footer__text">{encrypted ? FOOTER_TEXT : FOOTER_TEXT_PLAIN}</p>
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
