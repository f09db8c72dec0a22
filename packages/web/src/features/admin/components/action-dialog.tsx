import { type FormEvent, type ReactNode, useId } from 'react';
import { FormFooter } from '../../../components/form/dialog-form';
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
      <form className="sd-form sd-admin-form" noValidate onSubmit={submit} aria-busy={pending}>
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
        <FormFooter
          failure={error}
          cancelLabel="Cancel"
          onCancel={onClose}
          submitLabel={confirmLabel}
          busy={pending}
          variant={danger ? 'danger' : 'primary'}
        />
      </form>
    </Modal>
  );
}
