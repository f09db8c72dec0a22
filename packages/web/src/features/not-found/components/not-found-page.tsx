export function NotFoundPage() {
  return <main>NotFoundPage (placeholder)</main>;
}
