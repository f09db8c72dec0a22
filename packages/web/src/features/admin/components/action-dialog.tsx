import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * The confirmation every moderation action goes through: what will happen, the action's own
 * fields, a note for the audit log, and a confirm button that says what it does. A refusal shows
 * the server's message and keeps the dialog open.
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  danger = true,
  note,
  onNoteChange,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  note: string;
  onNoteChange: (note: string) => void;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal open onClose={onClose} title={title} description={description} size="sm">
      <form className="sd-form" noValidate onSubmit={submit} aria-busy={pending}>
        {children}
        <div className="sd-form__field">
          <label htmlFor={`${id}-note`}>Note for the audit log (optional)</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => onNoteChange(event.target.value)}
          />
        </div>
        {error ? (
          <p className="sd-form__failure" role="alert">
            {error}
          </p>
        ) : null}
        <div className="sd-form__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
