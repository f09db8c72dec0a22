/**
 * Plays the browser in a redirect-based sign-in: follows redirects one at a time, keeps cookies
 * (per host, not per port, as browsers do) and fills oidc-provider's development login and
 * consent forms.
 */
export interface FollowOptions {
  /** The account to type into the provider's login form. */
  login?: string;
  /** Press "cancel" on the provider's first page instead of signing in. */
  cancel?: boolean;
  /** Stop (without requesting it) at the first URL with this path. */
  stopAt?: string;
}

export function createTestBrowser() {
  const cookies = new Map<string, string>();

  function remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.trim().split('=');
        if (/^max-age$/i.test(key)) return Number(date) <= 0;
        return /^expires$/i.test(key) && Date.parse(date) < Date.now();
      });
      if (expired || !value) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function request(url: URL, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (cookies.size)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    remember(response);
    return response;
  }

  /** Where the browser ends up after `start`: the first URL whose path is `stopAt`. */
  async function follow(start: string | URL, options: FollowOptions = {}): Promise<URL> {
    const stopAt = options.stopAt ?? '/auth/callback';
    let url = new URL(start);
    for (let step = 0; step < 20; step += 1) {
      if (url.pathname === stopAt) return url;
      let response = await request(url);
      if (response.status === 200) {
        const page = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const action = /action="([^"]+)"/.exec(page)?.[1];
        if (!prompt || !action) throw new Error(`Unexpected page at ${url}: ${page.slice(0, 300)}`);
        const submit = new URL(action, url);
        if (options.cancel) {
          response = await request(new URL(`${submit.pathname}/abort`, submit));
        } else {
          const fields: Record<string, string> =
            prompt === 'login'
              ? { prompt, login: options.login ?? '', password: 'any' }
              : { prompt };
          response = await request(submit, { method: 'POST', body: new URLSearchParams(fields) });
        }
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || !location)
        throw new Error(`Unexpected ${response.status} at ${url}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error(`Too many redirects from ${start}`);
  }

  /** A same-origin POST as the page makes it (cookies included), answered as JSON. */
  async function post(url: string | URL, headers: Record<string, string> = {}) {
    const response = await request(new URL(url), { method: 'POST', headers });
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the API answered
    return { status: response.status, body: (await response.json()) as any };
  }

  return { follow, post, cookies };
}
