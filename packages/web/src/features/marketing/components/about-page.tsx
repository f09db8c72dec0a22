import { retentionLabel } from '@sealdrop/core/retention';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { brand } from '../../../config/brand';
import { useLinkLimits } from '../../../lib/public-config';
import { PageHero } from './page-hero';
import { SecurityArchitecture } from './security-architecture';
import './marketing.css';

const PRINCIPLES = [
  {
    title: 'Encrypt before upload',
    text: 'Protection that depends on a server behaving well is only a promise. Encrypting on your device makes it a fact.',
  },
  {
    title: 'Keep as little as possible',
    text: 'We keep a file only until it expires and no more about you than the service needs to run.',
  },
  {
    title: 'Stay out of the way',
    text: 'One file, one link, no sign-up. Privacy that takes effort is privacy people skip.',
  },
] as const;

/** /about — the story behind Sealdrop and how it protects a file. */
export function AboutPage() {
  useDocumentTitle('About');
  const limits = useLinkLimits();
  const freeRetention = retentionLabel(limits.retentionMs.free);
  const premiumRetention = retentionLabel(limits.retentionMs.premium);
  return (
    <main className="sd-marketing">
      <PageHero
        eyebrow={`About ${brand.name}`}
        title="Send a file to one person, not to everyone in between"
        lead={`${brand.name} is a small file-sharing service with one idea at its core: the file is encrypted before it leaves your browser, and it disappears when its link expires, within ${freeRetention} (${premiumRetention} on Premium).`}
      />

      <section className="sd-container sd-section sd-story" aria-labelledby="about-story">
        <h2 id="about-story">Our story</h2>
        <p>
          Most sharing services ask for your trust. They can read what you upload, keep it as long
          as they like and see who you send it to. That is fine for a holiday photo and not fine for
          a contract, a medical letter or a scan of your passport.
        </p>
        <p>
          We built {brand.name} for those files. Your browser encrypts the file, uploads only the
          sealed result and gives you a link that carries the key. The person who opens the link
          decrypts the file in their own browser. In between, we store data we cannot read, and only
          until it expires.
        </p>
      </section>

      <section className="sd-container sd-section" aria-labelledby="about-principles">
        <h2 id="about-principles">Our principles</h2>
        <ol className="sd-principles">
          {PRINCIPLES.map((principle) => (
            <li key={principle.title}>
              <h3>{principle.title}</h3>
              <p>{principle.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <SecurityArchitecture />

      <section className="sd-container sd-section">
        <div className="sd-cta">
          <div>
            <h2>See it for yourself</h2>
            <p>Share a file in a few seconds, or read why we care about doing it this way.</p>
          </div>
          <div className="sd-cta__actions">
            <Link to="/" className={buttonClassName({ size: 'lg' })}>
              Try it now
              <ArrowRightIcon size={18} />
            </Link>
            <Link to="/mission" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Read our mission
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
