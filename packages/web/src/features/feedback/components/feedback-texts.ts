/**
 * The words of the feedback dialog. Validation and failure messages are fixed product texts and live
 * with the rules (@sealdrop/core/feedback) and the API call (../api/submit-feedback).
 */
import { brand } from '../../../config/brand';

export const FEEDBACK_TEXTS = {
  title: 'Share your feedback',
  description: 'Found a bug or have an idea? Tell us; we read every message.',
  typeLabel: 'Type',
  typeOptions: { bug: 'Bug', suggestion: 'Suggestion', other: 'Other' },
  messageLabel: 'Message',
  messagePlaceholder: `What happened, or what would make ${brand.name} better?`,
  emailLabel: 'Email (optional)',
  emailHint: 'Only if you would like a reply.',
  cancel: 'Cancel',
  submit: 'Submit Feedback',
  submitting: 'Sending…',
  thanksTitle: 'Thank you for your feedback!',
  thanksBody: `It helps us make ${brand.name} better. This window closes by itself.`,
} as const;
