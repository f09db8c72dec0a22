import { FormAlert } from '../../../components/form/form-alert';

/**
 * The outcome of a settings form. A failure is an alert (announced at once); a success goes in a
 * status region that is always present, because screen readers only reliably announce changes
 * to a live region they already know about (its styles apply only when it has text).
 */
export function FormFeedback({ result }: { result: { ok: boolean; message: string } | null }) {
  return (
    <>
      <FormAlert message={result?.ok ? null : result?.message} className="sd-settings__error" />
      <p role="status" className="sd-settings__success">
        {result?.ok ? result.message : null}
      </p>
    </>
  );
}
