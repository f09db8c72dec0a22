export function AboutPage() {
  return <main>AboutPage (placeholder)</main>;
}
