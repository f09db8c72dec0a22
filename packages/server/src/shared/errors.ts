/** One error type for everything the API refuses on purpose (STYLE.md "Errors"). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function createError(input: { code: string; status: number; message: string }): AppError {
  return new AppError(input.code, input.status, input.message);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
