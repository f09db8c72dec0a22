import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';

/**
 * The Pro features the product delivers today. "Enhanced security" (a download passphrase) joins
 * the list when the passphrase of the sharing-options issue lands: until then the card would
 * promise something premium users cannot use.
 */
export const PRO_FEATURES = ['Priority uploads', '100GB files', '30-day storage'] as const;

/** Premium side card (spec §2 "Home"): the Pro features and how to get them. */
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
