import { ClockIcon, EyeOffIcon, KeyIcon, LockIcon } from '../../../components/ui/icons';
import { FeatureCard } from './feature-card';

/** The four facts of how a file is protected; keep them true to what the code does. */
export function SecurityArchitecture() {
  return (
    <section className="sd-container sd-section" aria-labelledby="about-security">
      <h2 id="about-security">Security architecture</h2>
      <p className="sd-section__lead">
        What happens to a file between your device and the person you send it to.
      </p>
      <ul className="sd-grid sd-grid--2">
        <FeatureCard icon={<LockIcon />} title="AES-256-GCM in your browser">
          Your browser creates a fresh 256-bit key for each file and encrypts it with AES-256-GCM
          through the Web Crypto API, record by record, before anything is uploaded. Altered or
          cut-off data fails to decrypt instead of producing a damaged file.
        </FeatureCard>
        <FeatureCard icon={<KeyIcon />} title="The key lives in the link fragment">
          The key is written after the # of the share link. Browsers never send that part to a
          server and our app does not either, so our servers only ever hold encrypted bytes.
        </FeatureCard>
        <FeatureCard icon={<ClockIcon />} title="Deleted when it expires">
          Every file gets its expiry when it is uploaded: from an hour up to 24 hours, or up to 30
          days on Premium. From then on the link is refused and the file is removed from storage.
        </FeatureCard>
        <FeatureCard icon={<EyeOffIcon />} title="No tracking or ads">
          No analytics, no ad networks, no third-party scripts or fonts. Your visit is not profiled,
          and nobody pays us to know what you share.
        </FeatureCard>
      </ul>
      <p className="sd-note">
        You can switch encryption off for a single upload. The short link is then the only thing
        standing between the file and a reader, so share it with the same care.
      </p>
    </section>
  );
}
