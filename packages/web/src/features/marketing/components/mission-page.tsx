import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import {
  ArrowRightIcon,
  ClockIcon,
  EyeOffIcon,
  HeartIcon,
  KeyIcon,
  LockIcon,
  ShieldIcon,
  UploadIcon,
} from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { FeatureCard } from './feature-card';
import { MissionStats } from './mission-stats';
import { PageHero } from './page-hero';
import './marketing.css';

/** /mission — why Sealdrop exists, what it promises, and where its promises end. */
export function MissionPage() {
  useDocumentTitle('Our mission');
  return (
    <main className="sd-marketing">
      <PageHero
        eyebrow="Our mission"
        title="Share a file without giving it away"
        lead="Sending a document, a photo or an archive should not mean handing a copy to the service in between. Sealdrop is built so the only people who can open your file are the ones you send the link to."
      />
      <MissionStats />

      <section className="sd-container sd-section" aria-labelledby="mission-principles">
        <h2 id="mission-principles">What we stand for</h2>
        <ul className="sd-grid sd-grid--2">
          <FeatureCard icon={<LockIcon />} title="Private by default">
            Encryption is switched on for every upload. The file is sealed in your browser before it
            leaves your device.
          </FeatureCard>
          <FeatureCard icon={<ClockIcon />} title="Nothing kept for long">
            Files expire within 24 hours (30 days on Premium). An expired link stops working at
            once.
          </FeatureCard>
          <FeatureCard icon={<UploadIcon />} title="No account needed">
            Upload, share and download without signing up. An account only adds extras.
          </FeatureCard>
          <FeatureCard icon={<EyeOffIcon />} title="No tracking, no ads">
            No analytics scripts, no ad networks, no third-party fonts. The page talks only to our
            own server.
          </FeatureCard>
        </ul>
      </section>

      <section className="sd-container sd-section" aria-labelledby="mission-trust">
        <h2 id="mission-trust">Why you can trust it</h2>
        <ul className="sd-grid sd-grid--3">
          <FeatureCard icon={<KeyIcon />} title="Your key, not ours">
            The key is created in your browser and travels only inside the link you share. We store
            encrypted bytes we cannot read.
          </FeatureCard>
          <FeatureCard icon={<ShieldIcon />} title="Honest about the limits">
            With encryption on, our server sees neither the file's name nor its type, only its size
            and expiry. Without encryption it sees the name and type too. Anyone holding the full
            link can open the file, so share it as you would the file.
          </FeatureCard>
          <FeatureCard icon={<HeartIcon />} title="Built to forget">
            There is no archive of old uploads waiting to leak. When a file expires, it is removed
            from storage.
          </FeatureCard>
        </ul>
      </section>

      <section className="sd-container sd-section">
        <div className="sd-cta">
          <div>
            <h2>Have something to send?</h2>
            <p>Pick a file, copy the link, done. It takes less than a minute.</p>
          </div>
          <Link to="/" className={buttonClassName({ size: 'lg' })}>
            Upload your first file
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </section>
    </main>
  );
}
