/**
 * A scriptable XMLHttpRequest for tests: each send() is recorded, and the test (or `onSend`)
 * decides when it progresses, succeeds or fails.
 */
type Handler = (() => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  static reset(): void {
    FakeXhr.sent = [];
    FakeXhr.onSend = null;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  aborted = false;
  responseHeaders: Record<string, string> = {};
  upload = {
    onprogress: null as ((event: { lengthComputable: boolean; loaded: number }) => void) | null,
  };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: Blob): void {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded });
  }

  succeed(etag: string | null = `"etag-${FakeXhr.sent.indexOf(this) + 1}"`, status = 200): void {
    this.status = status;
    if (etag) this.responseHeaders.etag = etag;
    this.onload?.();
  }

  respond(status: number, text: string): void {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }

  failNetwork(): void {
    this.onerror?.();
  }

  timeOut(): void {
    this.ontimeout?.();
  }
}
