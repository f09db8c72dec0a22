import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { AuthDialogSlotProps, FeedbackDialogSlotProps } from '../layout.types';

/** Until accounts exist: explains that nothing needs one, and lets the user switch forms. */
export function AuthDialogPlaceholder({ mode, onModeChange, onClose }: AuthDialogSlotProps) {
  const isLogin = mode === 'login';
  return (
    <Modal
      open={mode !== null}
      onClose={onClose}
      title={isLogin ? 'Welcome back' : 'Create your account'}
      size="sm"
      footer={
        <Button variant="ghost" onClick={() => onModeChange(isLogin ? 'register' : 'login')}>
          {isLogin ? 'Create an account instead' : 'I already have an account'}
        </Button>
      }
    >
      <p>
        Accounts are not open yet. You can already upload, share and download files without one.
      </p>
    </Modal>
  );
}

/** Until the feedback form exists. */
export function FeedbackDialogPlaceholder({ open, onClose }: FeedbackDialogSlotProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Share your feedback"
      size="sm"
      footer={<Button onClick={onClose}>Got it</Button>}
    >
      <p>The feedback form is on its way. Thank you for wanting to help us improve.</p>
    </Modal>
  );
}
