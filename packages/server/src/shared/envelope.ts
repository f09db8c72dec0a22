/** The success half of the response envelope. */
export function ok<T>(data: T): { status: 'success'; data: T } {
  return { status: 'success', data };
}
