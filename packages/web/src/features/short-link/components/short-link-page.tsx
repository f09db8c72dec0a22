export function ShortLinkPage() {
  return <main>ShortLinkPage (placeholder)</main>;
}
