import './spinner.css';

/**
 * Spinner: `size` (sm | md | lg). Decorative by default; `label` adds visually hidden text.
 * Put it inside a role="status" region when the wait should be announced.
 */
export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span className={['sd-spinner', `sd-spinner--${size}`, className].filter(Boolean).join(' ')}>
      <span className="sd-spinner__ring" aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
