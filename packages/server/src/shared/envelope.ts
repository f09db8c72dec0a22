/** The success half of the response envelope (DESIGN §3). */
export function ok<T>(data: T): { status: 'success'; data: T } {
  return { status: 'success', data };
}
