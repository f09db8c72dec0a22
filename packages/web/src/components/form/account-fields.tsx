/**
 * The account fields the sign-in, sign-up, recovery and settings forms share, so that type,
 * name and autofill agree everywhere: browsers and password managers fill by them.
 */
import { FormField, type FormFieldProps } from './form-field';
import { PasswordStrengthMeter } from './password-strength-meter';

type Fixed = 'type' | 'name' | 'autoComplete' | 'required';

/** The account email; "Email" unless a form says otherwise ("New email"). */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<FormFieldProps, Fixed | 'label'> & { label?: string }) {
  return (
    <FormField label={label} type="email" name="email" autoComplete="email" required {...props} />
  );
}

/** A required password: `current-password` lets the browser fill it, `new-password` offers one. */
export function PasswordField(
  props: Omit<FormFieldProps, 'type' | 'required' | 'autoComplete'> & {
    name: string;
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <FormField type="password" required {...props} />;
}

/** The password a settings form asks for to confirm it is the owner. */
export function CurrentPasswordField(props: Omit<FormFieldProps, Fixed | 'label'>) {
  return (
    <PasswordField
      label="Current password"
      name="currentPassword"
      autoComplete="current-password"
      {...props}
    />
  );
}

/** The new password of a change or a reset, with its strength shown under it. */
export function NewPasswordField(
  props: Omit<FormFieldProps, Fixed | 'label' | 'hint' | 'value'> & { value: string },
) {
  return (
    <PasswordField
      label="New password"
      name="newPassword"
      autoComplete="new-password"
      hint={<PasswordStrengthMeter password={props.value} />}
      {...props}
    />
  );
}
