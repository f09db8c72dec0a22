import type { HTMLAttributes } from 'react';
import './card.css';

/**
 * Card: a surface with border and radius. `as` picks the element (div | section | article | li),
 * `variant` (default | muted | accent), `padding` (sm | md | lg); other HTML attributes pass through.
 */
export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  variant?: 'default' | 'muted' | 'accent';
  padding?: 'sm' | 'md' | 'lg';
}

export function Card({
  as: Element = 'div',
  variant = 'default',
  padding = 'md',
  className,
  ...rest
}: CardProps) {
  const classes = ['sd-card', `sd-card--${variant}`, `sd-card--pad-${padding}`, className];
  return <Element className={classes.filter(Boolean).join(' ')} {...rest} />;
}
