import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** One card of a grid: icon, <h3> title, a short explanation. */
export function FeatureCard({ icon, title, children }: FeatureCardProps) {
  return (
    <Card as="li" className="sd-feature-card">
      <span className="sd-feature-card__icon">{icon}</span>
      <h3>{title}</h3>
      <p>{children}</p>
    </Card>
  );
}
