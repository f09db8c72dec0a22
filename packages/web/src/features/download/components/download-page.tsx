export function DownloadPage() {
  return <main>DownloadPage (placeholder)</main>;
}
