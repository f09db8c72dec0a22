export function AuthCallbackPage() {
  return <main>AuthCallbackPage (placeholder)</main>;
}
