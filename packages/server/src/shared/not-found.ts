import { type AppError, createError } from './errors';

/**
 * What an unknown route answers. Admin routes answer exactly this to anyone who is not an admin,
 * so that their existence cannot be told from a route that does not exist.
 */
export function routeNotFound(method: string, url: string): AppError {
  return createError({
    code: 'route.not_found',
    status: 404,
    message: `Not found: ${method} ${url.split('?')[0]}`,
  });
}
