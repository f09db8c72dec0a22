import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './form-field.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and linked to it with aria-describedby. */
  hint?: ReactNode;
  valid?: boolean;
}

/** A labelled input; `valid` adds the `valid` class (green border) once the value is acceptable. */
export function FormField({ label, hint, valid = false, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const classes = ['sd-field__input', valid && 'valid', className].filter(Boolean).join(' ');
  return (
    <div className="sd-field">
      <label htmlFor={id} className="sd-field__label">
        {label}
      </label>
      <input
        id={id}
        className={classes}
        data-valid={valid || undefined}
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint ? (
        <div id={hintId} className="sd-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
