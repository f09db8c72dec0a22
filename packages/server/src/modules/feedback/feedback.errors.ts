import { createError } from '../../shared/errors';

export const invalidFeedback = (message: string) =>
  createError({ code: 'feedback.invalid', status: 400, message });

export const feedbackNotFound = () =>
  createError({ code: 'feedback.not_found', status: 404, message: 'Feedback not found' });

export const notYourFeedback = () =>
  createError({
    code: 'feedback.forbidden',
    status: 403,
    message: 'You can only view or change your own feedback',
  });

export const adminsOnly = () =>
  createError({
    code: 'feedback.admins_only',
    status: 403,
    message: 'Only administrators can view feedback statistics',
  });
