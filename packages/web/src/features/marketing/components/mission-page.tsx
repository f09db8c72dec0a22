export function MissionPage() {
  return <main>MissionPage (placeholder)</main>;
}
