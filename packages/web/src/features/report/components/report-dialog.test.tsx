import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { ReportLink } from './report-link';

const KEY = `key=${'A'.repeat(43)}&iv=${'B'.repeat(16)}`;

function renderLink(fileKey: string | null, config: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET /config': ok({ abuseEmail: null, operatorName: null, ...config }),
    'POST /reports': ok({ reported: true }),
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <ReportLink code="Abcdefghij12" fileKey={fileKey} /> }],
    { initialEntries: ['/download/Abcdefghij12'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Report this file' }));
  return screen.findByRole('dialog', { name: 'Report this file' });
}

describe('the report dialog', () => {
  it('offers the five reasons, details, an optional email and a link to the terms', async () => {
    const { user } = renderLink(null);
    const dialog = await openDialog(user);
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Malware or phishing',
      'Illegal content',
      'Copyright infringement',
      'Spam or scam',
      'Something else',
    ]);
    expect(within(dialog).getByLabelText('Details').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByText('0 of 2,000 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your email (optional)')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    );
    // A file without a key open here has no key to include.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers the key box, off, saying a moderator could then decrypt the file', async () => {
    const { user } = renderLink(KEY);
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('checkbox', {
      name: 'Include the key so a moderator can check the file',
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/A moderator will then be able to decrypt this file/);
  });

  it('sends no key unless the box is ticked, and thanks the reporter', async () => {
    const { api, user } = renderLink(KEY);
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Copyright infringement');
    await user.type(
      within(dialog).getByLabelText('Details'),
      '  My film, uploaded without leave.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Thank you. A moderator will look at this link.'),
    ).toBeInTheDocument();
    const [call] = api.callsTo('POST /reports');
    expect(call?.body).toEqual({
      code: 'Abcdefghij12',
      reason: 'copyright',
      details: 'My film, uploaded without leave.',
    });
    expect(JSON.stringify(call?.body)).not.toContain('A'.repeat(43));
  });

  it('sends the key and the email when the reporter chose to', async () => {
    const { api, user } = renderLink(KEY);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your email (optional)'), 'ada@example.com');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(api.callsTo('POST /reports')[0]?.body).toEqual({
      code: 'Abcdefghij12',
      reason: 'malware',
      email: 'ada@example.com',
      key: KEY,
    });
  });

  it("shows the server's message when it refuses, and keeps what was typed", async () => {
    const { api, user } = renderLink(null);
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).endsWith('/config')
        ? new Response(JSON.stringify({ status: 'success', data: {} }), { status: 200 })
        : new Response(
            JSON.stringify({
              status: 'error',
              message: 'Too many requests. Please try again in a minute.',
            }),
            { status: 429 },
          ),
    );
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Details'), 'Phishing page for a bank');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in a minute.',
    );
    expect(within(dialog).getByLabelText('Details')).toHaveValue('Phishing page for a bank');
  });

  it('refuses details over 2,000 characters before sending, and says so', async () => {
    const { api, user } = renderLink(null);
    const dialog = await openDialog(user);
    const details = within(dialog).getByLabelText('Details');
    await user.click(details);
    await user.paste('x'.repeat(2001));
    expect(within(dialog).getByText('2,001 of 2,000 characters')).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Details can be at most 2,000 characters. Please shorten them.',
    );
    expect(details).toHaveFocus();
    expect(api.callsTo('POST /reports')).toHaveLength(0);
  });

  it('names the abuse address when the operator set one', async () => {
    const { user } = renderLink(null, { abuseEmail: 'abuse@example.org' });
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText(
        /For a legal notice you can also write to abuse@example\.org\./,
      ),
    ).toBeInTheDocument();
  });

  it('says a removed link was removed, as the server words it', async () => {
    const { user } = renderLink(null);
    mockApi({
      'GET /config': ok({}),
      'POST /reports': fail(410, 'This file was removed for violating the terms of use.'),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file was removed for violating the terms of use.',
    );
  });
});
