import { FEEDBACK_TYPES, type FeedbackField } from '@sealdrop/core/feedback';
import { type FormEvent, useId, useRef } from 'react';
import { FormFooter } from '../../../components/form/dialog-form';
import type { useFeedbackForm } from '../hooks/use-feedback-form';
import { FEEDBACK_TEXTS as T } from './feedback-texts';

type FeedbackFormState = ReturnType<typeof useFeedbackForm>;

/** Type, message and optional email with inline errors; the first invalid field gets focus. */
export function FeedbackForm({
  form,
  onCancel,
}: {
  form: FeedbackFormState;
  onCancel: () => void;
}) {
  const id = useId();
  const ids = {
    type: `${id}-type`,
    message: `${id}-message`,
    messageError: `${id}-message-error`,
    email: `${id}-email`,
    emailHint: `${id}-email-hint`,
    emailError: `${id}-email-error`,
    typeError: `${id}-type-error`,
  };
  const fields = {
    type: useRef<HTMLSelectElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
    email: useRef<HTMLInputElement>(null),
  } satisfies Record<FeedbackField, unknown>;
  const { values, errors, failure, setField } = form;
  const submitting = form.phase === 'submitting';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = await form.submit();
    if (invalid) fields[invalid].current?.focus();
  };

  return (
    // noValidate: the product's own messages show inline instead of the browser's bubbles.
    <form
      className="sd-form sd-feedback-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={submitting}
    >
      <div className="sd-form__field">
        <label htmlFor={ids.type}>{T.typeLabel}</label>
        <select
          ref={fields.type}
          id={ids.type}
          value={values.type}
          onChange={(event) => setField('type', event.target.value as typeof values.type)}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? ids.typeError : undefined}
        >
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {T.typeOptions[type]}
            </option>
          ))}
        </select>
        <FieldError id={ids.typeError} message={errors.type} />
      </div>

      <div className="sd-form__field">
        <label htmlFor={ids.message}>{T.messageLabel}</label>
        <textarea
          ref={fields.message}
          id={ids.message}
          rows={5}
          value={values.message}
          placeholder={T.messagePlaceholder}
          onChange={(event) => setField('message', event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? ids.messageError : undefined}
        />
        <FieldError id={ids.messageError} message={errors.message} />
      </div>

      <div className="sd-form__field">
        <label htmlFor={ids.email}>{T.emailLabel}</label>
        <input
          ref={fields.email}
          id={ids.email}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setField('email', event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids.emailError} ${ids.emailHint}` : ids.emailHint}
        />
        <p id={ids.emailHint} className="sd-form__hint">
          {T.emailHint}
        </p>
        <FieldError id={ids.emailError} message={errors.email} />
      </div>

      <FormFooter
        failure={failure}
        cancelLabel={T.cancel}
        onCancel={onCancel}
        submitLabel={submitting ? T.submitting : T.submit}
        busy={submitting}
      />
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="sd-form__error">
      {message}
    </p>
  );
}
