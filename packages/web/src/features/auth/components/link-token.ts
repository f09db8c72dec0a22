/**
 * Reads `#token=…` from a mailed link's fragment and removes it from the address bar, so the
 * token leaves no trace in history, bookmarks or a shared screenshot.
 */
export function takeLinkToken(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = params.get('token');
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }
  return token;
}
