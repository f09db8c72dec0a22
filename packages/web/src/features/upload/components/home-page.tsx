export function HomePage() {
  return <main>HomePage (placeholder)</main>;
}
