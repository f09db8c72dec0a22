import { useId } from 'react';

export interface LinkFieldProps {
  url: string | null | undefined;
  hint: string;
  /** The link will not work (the upload failed): no value, and the field is disabled. */
  dead?: boolean;
}

/** The share link, read-only; focusing it selects the whole link so it can be copied by hand. */
export function LinkField({ url, hint, dead = false }: LinkFieldProps) {
  const id = useId();
  return (
    <div className="sd-upload-link">
      <label htmlFor={id} className="sd-upload-link__label">
        Share link
      </label>
      <input
        id={id}
        className="sd-upload-link__input"
        type="text"
        readOnly
        value={dead ? '' : (url ?? '')}
        disabled={dead}
        placeholder={
          dead ? 'No link: the upload did not finish' : 'Your link appears here in a moment…'
        }
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        spellCheck={false}
      />
      <p id={`${id}-hint`} className="sd-upload-link__hint">
        {hint}
      </p>
    </div>
  );
}
