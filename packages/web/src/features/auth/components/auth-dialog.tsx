import { useState } from 'react';
import type { AuthDialogSlotProps } from '../../../components/layout/layout.types';
import { Modal } from '../../../components/ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-form.css';

export interface AuthDialogProps extends AuthDialogSlotProps {
  /** Said in place of the welcome line, and read out with the dialog ("Session expired"). */
  notice?: string;
}

/**
 * The login / register modal: closed, login or register, switchable.
 * The forms live inside the dialog, so closing or switching starts them empty again.
 */
export function AuthDialog({ mode, onModeChange, onClose, notice }: AuthDialogProps) {
  const isLogin = mode === 'login';
  // "Forgot password?" replaces the login form inside the same dialog.
  const [forgot, setForgot] = useState(false);
  const close = () => {
    setForgot(false);
    onClose();
  };
  if (forgot && isLogin) {
    return (
      <Modal
        key="forgot"
        open
        onClose={close}
        size="sm"
        title="Reset your password"
        description="We will email you a link to choose a new password."
      >
        <ForgotPasswordForm onBackToLogin={() => setForgot(false)} />
      </Modal>
    );
  }
  return (
    <Modal
      // A fresh dialog per form: focus moves to the new form's first field when switching.
      key={mode ?? 'closed'}
      open={mode !== null}
      onClose={onClose}
      size="sm"
      title={isLogin ? 'Log In' : 'Create Account'}
      description={
        notice ? (
          <span className="sd-auth-dialog__notice">{notice}</span>
        ) : isLogin ? (
          'Welcome back. Log in to see your files and balance.'
        ) : (
          'Sign up to keep track of your files and earn rewards.'
        )
      }
    >
      {isLogin ? (
        <LoginForm
          onSuccess={onClose}
          onSwitchToRegister={() => onModeChange('register')}
          onForgotPassword={() => setForgot(true)}
        />
      ) : (
        <RegisterForm onSuccess={onClose} onSwitchToLogin={() => onModeChange('login')} />
      )}
    </Modal>
  );
}
