import {
  checkFeedback,
  type FeedbackField,
  type FeedbackFieldErrors,
  type FeedbackType,
} from '@sealdrop/core/feedback';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FEEDBACK_FAILED_MESSAGE, submitFeedback } from '../api/submit-feedback';

/** The thank-you panel closes the dialog after 2 s. */
export const THANK_YOU_CLOSE_MS = 2000;

export type FeedbackPhase = 'form' | 'submitting' | 'thanks';

export interface FeedbackValues {
  type: FeedbackType;
  message: string;
  email: string;
}

const INITIAL_VALUES: FeedbackValues = { type: 'bug', message: '', email: '' };
const NO_ERRORS: FeedbackFieldErrors = {};

/**
 * The feedback modal's states (form -> submitting -> thank-you, auto-closing). Errors show
 * from the first submit attempt on and then follow every keystroke, so a fixed field clears at once
 * while nobody is scolded for a field they have not finished yet.
 */
export function useFeedbackForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<FeedbackValues>(INITIAL_VALUES);
  const [phase, setPhase] = useState<FeedbackPhase>('form');
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const check = useMemo(() => checkFeedback(values), [values]);
  const errors = attempted && !check.ok ? check.errors : NO_ERRORS;

  // The layout passes a new onClose on every render; the timer must not restart because of it.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (phase !== 'thanks') return;
    const timer = setTimeout(() => onCloseRef.current(), THANK_YOU_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const setField = <K extends FeedbackField>(field: K, value: FeedbackValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Validates, then sends; returns the first invalid field so the form can move focus to it. */
  const submit = async (): Promise<FeedbackField | null> => {
    if (phase === 'submitting') return null;
    setAttempted(true);
    setFailure(null);
    if (!check.ok) {
      return (['message', 'email', 'type'] as const).find((field) => check.errors[field]) ?? null;
    }
    setPhase('submitting');
    try {
      await submitFeedback(check.value);
      setPhase('thanks');
    } catch {
      setFailure(FEEDBACK_FAILED_MESSAGE);
      setPhase('form');
    }
    return null;
  };

  return { values, phase, errors, failure, setField, submit };
}
