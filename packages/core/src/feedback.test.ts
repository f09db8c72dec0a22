import { describe, expect, it } from 'vitest';
import { checkFeedback, FEEDBACK_ERRORS } from './feedback';

const MESSAGE = 'The upload stalls at 99 percent.';

describe('checkFeedback', () => {
  it('accepts a valid entry and returns it cleaned: trimmed message, email or null', () => {
    expect(
      checkFeedback({ type: 'bug', message: `  ${MESSAGE}  `, email: ' ada@example.com ' }),
    ).toEqual({ ok: true, value: { type: 'bug', message: MESSAGE, email: 'ada@example.com' } });
    expect(checkFeedback({ type: 'suggestion', message: MESSAGE, email: '' })).toEqual({
      ok: true,
      value: { type: 'suggestion', message: MESSAGE, email: null },
    });
    expect(checkFeedback({ type: 'other', message: MESSAGE, email: null })).toMatchObject({
      ok: true,
      value: { email: null },
    });
  });

  it('files feedback without a type under "other"', () => {
    expect(checkFeedback({ message: MESSAGE })).toMatchObject({
      ok: true,
      value: { type: 'other' },
    });
  });

  it.each([
    [undefined, FEEDBACK_ERRORS.messageRequired],
    ['', FEEDBACK_ERRORS.messageRequired],
    ['     ', FEEDBACK_ERRORS.messageRequired],
    [42, FEEDBACK_ERRORS.messageRequired],
    ['too short', FEEDBACK_ERRORS.messageTooShort],
    ['   123456789   ', FEEDBACK_ERRORS.messageTooShort],
    ['x'.repeat(5001), FEEDBACK_ERRORS.messageTooLong],
  ])('refuses the message %j with "%s"', (message, expected) => {
    expect(checkFeedback({ type: 'bug', message })).toEqual({
      ok: false,
      errors: { message: expected },
      firstError: expected,
    });
  });

  it('counts exactly 10 characters after trimming as enough, and 5000 as the most', () => {
    expect(checkFeedback({ message: ' 1234567890 ' }).ok).toBe(true);
    expect(checkFeedback({ message: 'x'.repeat(5000) }).ok).toBe(true);
  });

  it('uses the fixed product texts word for word', () => {
    expect(FEEDBACK_ERRORS.messageRequired).toBe('Feedback message is required');
    expect(FEEDBACK_ERRORS.messageTooShort).toBe(
      'Please provide more detailed feedback (at least 10 characters)',
    );
    expect(FEEDBACK_ERRORS.invalidEmail).toBe('Please enter a valid email address');
  });

  it.each(['not-an-email', 'a@b', 'a b@example.com', 42, `${'a'.repeat(250)}@example.com`])(
    'refuses the email %j',
    (email) => {
      expect(checkFeedback({ message: MESSAGE, email })).toMatchObject({
        ok: false,
        errors: { email: FEEDBACK_ERRORS.invalidEmail },
      });
    },
  );

  it('refuses an unknown type', () => {
    expect(checkFeedback({ type: 'praise', message: MESSAGE })).toMatchObject({
      ok: false,
      errors: { type: FEEDBACK_ERRORS.invalidType },
    });
  });

  it('reports every bad field, and the message problem first', () => {
    expect(checkFeedback({ type: 'praise', message: 'short', email: 'nope' })).toEqual({
      ok: false,
      errors: {
        message: FEEDBACK_ERRORS.messageTooShort,
        email: FEEDBACK_ERRORS.invalidEmail,
        type: FEEDBACK_ERRORS.invalidType,
      },
      firstError: FEEDBACK_ERRORS.messageTooShort,
    });
  });

  it('refuses input that is not an object', () => {
    expect(checkFeedback([1, 2])).toMatchObject({
      ok: false,
      firstError: 'Feedback must be a JSON object',
    });
    expect(checkFeedback('hello')).toMatchObject({ ok: false });
  });
});
