import { useId } from 'react';

export interface LinkFieldProps {
  url: string | null | undefined;
  hint: string;
}

/** The share link, read-only; focusing it selects the whole link so it can be copied by hand. */
export function LinkField({ url, hint }: LinkFieldProps) {
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
        value={url ?? ''}
        placeholder="Your link appears here in a moment…"
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
