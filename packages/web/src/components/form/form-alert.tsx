/** A form's failure message, announced at once (role="alert"); nothing while there is none. */
export function FormAlert({
  message,
  className = 'sd-auth-form__error',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null;
}
