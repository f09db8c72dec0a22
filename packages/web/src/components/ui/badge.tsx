import type { ReactNode } from 'react';
import './badge.css';

/** Badge: a short label; `tone` (neutral | accent | success | warning | danger | info | pro). */
export interface BadgeProps {
  tone?: 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info' | 'pro';
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', className, children }: BadgeProps) {
  return (
    <span className={['sd-badge', `sd-badge--${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
