import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/** Class names of a button, for links (`<Link className={buttonClassName()}>`) that look like one. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
} = {}) {
  return ['sd-btn', `sd-btn--${variant}`, `sd-btn--${size}`, block && 'sd-btn--block', className]
    .filter(Boolean)
    .join(' ');
}

/**
 * Button: every native button attribute, plus `variant` (primary | secondary | ghost | danger),
 * `size` (sm | md | lg | icon — give icon-only buttons an aria-label), `block` (full width),
 * `loading` (spinner, disabled, aria-busy) and `icon` (leading element). `type` defaults to "button".
 */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
