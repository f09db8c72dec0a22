import { type ReactNode, useEffect, useRef } from 'react';
import { AlertIcon, CheckIcon } from './icons';
import './toast.css';

/**
 * Toast: a short message floating at the bottom of the screen (role="status", polite).
 * `open` shows it; `message`; `tone` (info | success | error); `duration` in ms (default 1600)
 * after which `onClose` is called — pass duration={0} to keep it until closed.
 */
export interface ToastProps {
  open: boolean;
  message: ReactNode;
  tone?: 'info' | 'success' | 'error';
  duration?: number;
  onClose?: () => void;
}

export function Toast({ open, message, tone = 'info', duration = 1600, onClose }: ToastProps) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open || duration <= 0) return;
    const timer = setTimeout(() => onCloseRef.current?.(), duration);
    return () => clearTimeout(timer);
  }, [open, duration]);

  if (!open) return null;
  return (
    <div className={`sd-toast sd-toast--${tone}`} role="status" aria-live="polite">
      {tone === 'success' ? <CheckIcon size={18} /> : null}
      {tone === 'error' ? <AlertIcon size={18} /> : null}
      <span>{message}</span>
    </div>
  );
}
