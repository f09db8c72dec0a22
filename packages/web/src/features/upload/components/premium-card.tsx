import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';

/**
 * The four Pro features, each one enforced: more parallel parts, the 100 GB limit,
 * 30-day expiry, and the link passphrase ("Enhanced security", PassphraseField).
 */
export const PRO_FEATURES = [
  'Priority uploads',
  '100GB files',
  '30-day storage',
  'Enhanced security',
] as const;

/** Premium side card: the Pro features and how to get them. */
export function PremiumCard({ isPremium = false }: { isPremium?: boolean }) {
  const titleId = useId();
  return (
    <Card as="section" className="sd-home-premium" variant="accent" aria-labelledby={titleId}>
      <h2 id={titleId} className="sd-home-premium__title">
        Premium
      </h2>
      <ul className="sd-home-premium__list">
        {PRO_FEATURES.map((feature) => (
          <li key={feature} className="sd-home-premium__item">
            <span>{feature}</span>
            <Badge tone="pro">Pro</Badge>
          </li>
        ))}
      </ul>
      <p className="sd-home-premium__cta">
        {isPremium ? 'All features active!' : 'Hold 10K+ token to go Pro'}
      </p>
    </Card>
  );
}
