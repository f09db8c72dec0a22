import { type ReactNode, useEffect, useRef } from 'react';
import { Button, type ButtonVariant } from '../ui/button';
import { CheckIcon } from '../ui/icons';
import './dialog-form.css';

/** The end of a dialog's form: the refusal the server gave (if any), then Cancel and the submit. */
export function FormFooter({
  failure,
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  variant,
}: {
  failure: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <>
      {failure ? (
        <p className="sd-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="sd-form__actions">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={variant} loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/**
 * What a dialog shows once its form is sent. It takes focus when it replaces the form, so the
 * focused submit button does not vanish into nothing.
 */
export function DialogThanks({
  title,
  className,
  children,
}: {
  title: string;
  className: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className={`sd-thanks ${className}`} role="status" tabIndex={-1}>
      <span className="sd-thanks__icon" aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <p className="sd-thanks__title">{title}</p>
      {children}
    </div>
  );
}
