/** One error type for everything the API refuses on purpose (STYLE.md "Errors"). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    /** Sent with the answer, e.g. Retry-After on a quota refusal. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function createError(input: {
  code: string;
  status: number;
  message: string;
  headers?: Record<string, string>;
}): AppError {
  return new AppError(input.code, input.status, input.message, input.headers);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
