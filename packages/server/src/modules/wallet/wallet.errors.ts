import { AppError, createError } from '../../shared/errors';

export const RPC_UNAVAILABLE_MESSAGE = 'Could not reach the Solana network. Please try again.';

/** Keeps the upstream cause for the log while the client sees one readable message. */
export function rpcUnavailable(cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  const error = createError({
    code: 'wallet.rpc_unavailable',
    status: 503,
    message: RPC_UNAVAILABLE_MESSAGE,
  });
  error.cause = cause;
  return error;
}

export const tokenNotConfigured = () =>
  createError({
    code: 'wallet.token_not_configured',
    status: 404,
    message: 'Token not configured',
  });

export const walletNotConnected = () =>
  createError({ code: 'wallet.not_connected', status: 400, message: 'Wallet not connected' });

export const invalidSignInMessage = () =>
  createError({
    code: 'wallet.invalid_message',
    status: 400,
    message: 'The sign-in message is not a valid Sign-In-With-Solana message',
  });

export const messageMismatch = (what: string) =>
  createError({
    code: 'wallet.message_mismatch',
    status: 400,
    message: `The sign-in message does not match this request (${what})`,
  });

export const invalidSignature = () =>
  createError({
    code: 'wallet.invalid_signature',
    status: 400,
    message: 'The wallet signature is invalid',
  });

export const nonceUnknown = () =>
  createError({
    code: 'wallet.nonce_unknown',
    status: 400,
    message: 'This sign-in request is unknown or was already used. Please try again.',
  });

export const nonceExpired = () =>
  createError({
    code: 'wallet.nonce_expired',
    status: 400,
    message: 'This sign-in request has expired. Please try again.',
  });

export const walletLinkedElsewhere = () =>
  createError({
    code: 'wallet.linked_elsewhere',
    status: 409,
    message: 'This wallet is already linked to another account',
  });

/** A wallet unlinked from one account cannot make another premium until the period is over. */
export const walletCoolingDown = (availableAt: Date) =>
  createError({
    code: 'wallet.cooling_down',
    status: 409,
    message: `This wallet was unlinked from another account less than 30 days ago. It can be linked to a new account from ${availableAt.toISOString().slice(0, 10)}.`,
  });

export const fileNotRewardable = () =>
  createError({
    code: 'wallet.file_not_found',
    status: 404,
    message: 'File not found or not finalized',
  });
