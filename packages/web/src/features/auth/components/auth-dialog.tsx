import { Modal } from '../../../components/ui/modal';
import type { AuthDialogSlotProps } from '../../layout/layout.types';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-form.css';

/**
 * The login / register modal (spec §4 "Auth modals"): closed, login or register, switchable.
 * The forms live inside the dialog, so closing or switching starts them empty again.
 */
export function AuthDialog({ mode, onModeChange, onClose }: AuthDialogSlotProps) {
  const isLogin = mode === 'login';
  return (
    <Modal
      // A fresh dialog per form: focus moves to the new form's first field when switching.
      key={mode ?? 'closed'}
      open={mode !== null}
      onClose={onClose}
      size="sm"
      title={isLogin ? 'Log In' : 'Create Account'}
      description={
        isLogin
          ? 'Welcome back. Log in to see your files and balance.'
          : 'Sign up to keep track of your files and earn rewards.'
      }
    >
      {isLogin ? (
        <LoginForm onSuccess={onClose} onSwitchToRegister={() => onModeChange('register')} />
      ) : (
        <RegisterForm onSuccess={onClose} onSwitchToLogin={() => onModeChange('login')} />
      )}
    </Modal>
  );
}
