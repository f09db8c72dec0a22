/**
 * Content-Disposition for downloads (RFC 6266 with the RFC 5987 `filename*` parameter). Always
 * `attachment`: stored bytes are user content and must never render inside our origin.
 */
export function attachmentDisposition(fileName?: string): string {
  if (!fileName) return 'attachment';
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Old clients only read `filename`, which must be plain quoted ASCII without quotes or slashes. */
function asciiFallback(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]+|["\\/]/g, '_')
    .trim();
  return ascii || 'download';
}

/** encodeURIComponent leaves a few characters that RFC 5987's attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
