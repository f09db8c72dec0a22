import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'Correct-Horse-9';
const MESSAGE = 'The about page could say where the servers are.';

describe('feedback in Chromium', () => {
  const app = appInBrowser({ ADMIN_EMAILS: ADMIN_EMAIL });

  async function adminToken(): Promise<string> {
    const response = await fetch(`${app.server.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const token = (await response.json()).data.token;
    // Admin rights need a verified address: open the link of the mail the server logged (no
    // SMTP_URL here, so the mail is written to the log in a marked block).
    const link = await waitFor(() =>
      /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(app.server.logs.join('')),
    );
    const verified = await fetch(`${app.server.origin}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: link[1] }),
    });
    expect(verified.status).toBe(200);
    return token;
  }

  async function waitFor<T>(find: () => T | null): Promise<T> {
    for (let tries = 0; tries < 100; tries += 1) {
      const found = find();
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('not found in time');
  }

  it('sends feedback from /about, thanks the visitor, closes, and stores it', async () => {
    const token = await adminToken();
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/about`);
    await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your feedback' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await dialog.getByText('Feedback message is required').waitFor();

    await dialog.getByLabel('Type').selectOption('suggestion');
    await dialog.getByLabel('Message').fill(MESSAGE);
    await dialog.getByLabel('Email (optional)').fill('visitor@example.com');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await dialog.getByText('Thank you for your feedback!').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });

    const stats = await fetch(`${app.server.origin}/api/feedback/stats`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await stats.json()).toEqual({
      status: 'success',
      data: {
        total: 1,
        byType: { bug: 0, suggestion: 1, other: 0 },
        last7Days: 1,
        last30Days: 1,
      },
    });
    await page.close();
  });
});
