import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import {
  adminFile,
  auditEntry,
  FILE_ID,
  OVERVIEW,
  REPORT_KEY,
  reportGroup,
} from '../testing/admin-fixtures';
import { AdminPage } from './admin-page';

const NOT_FOUND = '404 - Page Not Found';

function renderConsole(path: string, routes: Parameters<typeof mockApi>[0], signedIn = true) {
  if (signedIn) localStorage.setItem('authToken', 'tok');
  const api = mockApi({
    'GET /auth/me': ok({ user: testUser({ email: 'admin@example.com', emailVerified: true }) }),
    ...routes,
  });
  renderWithSession(null, {
    path,
    routes: [{ path: '/admin/:view?', element: <AdminPage notFound={<h1>{NOT_FOUND}</h1>} /> }],
  });
  return { api, user: userEvent.setup() };
}

const adminRoutes = {
  'GET /admin/overview': ok(OVERVIEW),
  'GET /admin/reports': ok({ groups: [reportGroup()] }),
};

describe('who sees the moderation console', () => {
  it('shows a signed-out visitor the not-found page without asking the admin API', async () => {
    const { api } = renderConsole('/admin', adminRoutes, false);
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/admin'))).toEqual([]);
  });

  it('shows the not-found page to an account the admin API answers 404', async () => {
    renderConsole('/admin', {
      'GET /admin/overview': fail(404, 'Not found: GET /api/admin/overview'),
    });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for a view that does not exist, even to an admin', async () => {
    renderConsole('/admin/nothing-here', adminRoutes);
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });
});

describe('the reports view', () => {
  it('lists each reported file with its reports and what is known of it', async () => {
    renderConsole('/admin', adminRoutes);
    const card = await screen.findByRole('article', { name: `https://drop.example/s/${FILE_ID}` });
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    expect(card).toHaveTextContent('2 reports from 2 addresses, 2 open');
    expect(within(card).getByText('Malware or phishing × 1')).toBeInTheDocument();
    expect(within(card).getByText('Spam or scam × 1')).toBeInTheDocument();
    expect(within(card).getByText('The installer asks for my bank password.')).toBeInTheDocument();
    expect(within(card).getByText('Reporter: reporter@example.com')).toBeInTheDocument();
    expect(within(card).getByText('3 MB')).toBeInTheDocument();
    expect(
      within(card).getByText(/^2 hours \(uploaded 2026-11-27 09:00 UTC\)$/),
    ).toBeInTheDocument();
    expect(within(card).getByText('2026-11-28 09:00 UTC')).toBeInTheDocument();
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByText('uploader@example.com')).toBeInTheDocument();
    expect(within(card).getByText('HASHhashHASHhashHASHhashHASHhash')).toBeInTheDocument();
  });

  it('opens the file on its own download page, in a new tab, with the reporter’s key', async () => {
    renderConsole('/admin', adminRoutes);
    const open = await screen.findByRole('link', { name: `Open file ${FILE_ID}` });
    expect(open).toHaveAttribute('href', `/download/${FILE_ID}#${REPORT_KEY}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noreferrer');
  });

  it('warns that opening a file with a download limit uses one of its downloads', async () => {
    renderConsole('/admin', {
      ...adminRoutes,
      'GET /admin/reports': ok({
        groups: [reportGroup({ file: adminFile({ downloads: 1, downloadLimit: 2 }) })],
      }),
    });
    expect(
      await screen.findByText(
        'Downloading it there counts towards its limit of 2; the last allowed download deletes it.',
      ),
    ).toBeInTheDocument();
  });

  it('cannot open an encrypted file nobody sent the key of', async () => {
    renderConsole('/admin', {
      ...adminRoutes,
      'GET /admin/reports': ok({ groups: [reportGroup({ key: null, keyIncluded: false })] }),
    });
    await screen.findByRole('button', { name: `Remove file ${FILE_ID}` });
    expect(screen.queryByRole('link', { name: /Open file/ })).not.toBeInTheDocument();
  });

  it('removes a file after a confirmation, with the reason chosen, and says so', async () => {
    const { api, user } = renderConsole('/admin', {
      ...adminRoutes,
      [`POST /admin/files/${FILE_ID}/removal`]: ok({
        file: adminFile({ status: 'removed' }),
        audit: [auditEntry()],
      }),
    });
    await user.click(await screen.findByRole('button', { name: `Remove file ${FILE_ID}` }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this file?' });
    expect(dialog).toHaveTextContent('This file was removed for violating the terms of use.');
    // The reason most reports gave comes first; the moderator may choose another.
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('malware');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Illegal content');
    await user.type(within(dialog).getByLabelText(/Note for the audit log/), 'Notice 42');
    expect(api.callsTo(`POST /admin/files/${FILE_ID}/removal`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove file' }));
    expect(
      await screen.findByText(`Removed https://drop.example/s/${FILE_ID}.`),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/files/${FILE_ID}/removal`)[0]?.body).toEqual({
      reason: 'illegal',
      note: 'Notice 42',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('dismisses the reports after a confirmation', async () => {
    const { api, user } = renderConsole('/admin', {
      ...adminRoutes,
      [`POST /admin/reports/${FILE_ID}/dismissal`]: ok({ file: adminFile(), audit: [] }),
    });
    await user.click(await screen.findByRole('button', { name: `Dismiss reports of ${FILE_ID}` }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss these reports?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    await screen.findByText(`Dismissed the reports of https://drop.example/s/${FILE_ID}.`);
    expect(api.callsTo(`POST /admin/reports/${FILE_ID}/dismissal`)[0]?.body).toEqual({});
  });

  it('blocks the uploader’s address for the days chosen, and shows a refusal as the server words it', async () => {
    const { api, user } = renderConsole('/admin', {
      ...adminRoutes,
      [`POST /admin/files/${FILE_ID}/uploader-block`]: fail(
        400,
        'An admin account cannot be suspended: remove it from ADMIN_EMAILS first',
      ),
    });
    await user.click(await screen.findByRole('button', { name: `Block uploader of ${FILE_ID}` }));
    const dialog = screen.getByRole('dialog', { name: 'Block this uploader?' });
    const suspend = within(dialog).getByRole('checkbox', { name: /Suspend the account/ });
    expect(suspend).toBeChecked();
    await user.click(suspend);
    const days = within(dialog).getByLabelText('Days');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Block uploader' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter a number of days from 1 to 3650.',
    );
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Block uploader' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An admin account cannot be suspended',
    );
    expect(api.callsTo(`POST /admin/files/${FILE_ID}/uploader-block`)[0]?.body).toEqual({
      suspendAccount: false,
      blockAddressDays: 7,
    });
  });
});

describe('the other views', () => {
  it('finds files by a pasted link without ever sending its key', async () => {
    const { api, user } = renderConsole('/admin/files', {
      ...adminRoutes,
      'GET /admin/files': ok({ files: [adminFile()] }),
    });
    const search = await screen.findByLabelText('Link, short code, file id or account email');
    await user.type(search, `https://drop.example/s/${FILE_ID}#${REPORT_KEY}`);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('article', { name: `https://drop.example/s/${FILE_ID}` });
    const [call] = api.callsTo('GET /admin/files');
    expect(call?.url.searchParams.get('q')).toBe(`https://drop.example/s/${FILE_ID}`);
    expect(call?.url.href).not.toContain('K'.repeat(43));
    expect(search).toHaveValue(`https://drop.example/s/${FILE_ID}`);
    expect(screen.getByRole('button', { name: `Remove file ${FILE_ID}` })).toBeInTheDocument();
  });

  it('shows the overview’s figures', async () => {
    renderConsole('/admin/overview', adminRoutes);
    const figure = async (label: string) =>
      (await screen.findByText(label)).nextElementSibling?.textContent;
    expect(await figure('Storage used')).toBe('5 GB of 100 GB');
    expect(await figure('Live files')).toBe('12');
    expect(await figure('Uploads in the last 24 hours')).toBe('7');
    expect(await figure('Bytes uploaded in the last 24 hours')).toBe('300 MB');
    expect(await figure('Open reports')).toBe('3 on 2 files');
    expect(await figure('Blocked addresses')).toBe('1');
    expect(await figure('Suspended accounts')).toBe('4');
  });

  it('lists blocked addresses and suspended accounts, and lifts a block', async () => {
    const hash = 'A'.repeat(32);
    let lifted = false;
    const { api, user } = renderConsole('/admin/blocks', {
      ...adminRoutes,
      'GET /admin/blocks': () =>
        ok({
          addresses: lifted
            ? []
            : [
                {
                  addressHash: hash,
                  createdAt: '2026-11-27T11:00:00.000Z',
                  until: '2026-12-04T11:00:00.000Z',
                },
              ],
          accounts: [
            {
              accountId: 'acc-1',
              email: 'spammer@example.com',
              suspendedAt: '2026-11-27T10:00:00.000Z',
            },
          ],
        }),
      [`DELETE /admin/address-blocks/${hash}`]: () => {
        lifted = true;
        return ok({ file: null, audit: [] });
      },
    });
    expect(await screen.findByText('until 2026-12-04 11:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('spammer@example.com')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Lift suspension of spammer@example.com' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Lift block of address ${hash}` }));
    expect(await screen.findByText('No address is blocked.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /admin/address-blocks/${hash}`)).toHaveLength(1);
    expect(await screen.findByText(`The block of address ${hash} was lifted.`)).toBeInTheDocument();
  });

  it('shows a file being scanned for malware as such, not as uploading', async () => {
    const { user } = renderConsole('/admin/files', {
      ...adminRoutes,
      'GET /admin/files': ok({ files: [adminFile({ status: 'scanning' })] }),
    });
    await user.type(
      await screen.findByLabelText('Link, short code, file id or account email'),
      FILE_ID,
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const card = await screen.findByRole('article', { name: `https://drop.example/s/${FILE_ID}` });
    expect(within(card).getByText('Being scanned')).toBeInTheDocument();
    expect(within(card).queryByText('Uploading')).not.toBeInTheDocument();
  });

  it('lists the audit log, and loads older entries on request', async () => {
    const { user } = renderConsole('/admin/audit', {
      ...adminRoutes,
      'GET /admin/audit': ({ url }) =>
        url.searchParams.get('before')
          ? ok({
              entries: [
                auditEntry({
                  id: '00000000-0000-4000-8000-000000000002',
                  action: 'address.blocked',
                  fileId: null,
                  accountId: null,
                  reason: null,
                  note: null,
                  until: '2026-12-04T11:00:00.000Z',
                }),
              ],
              next: null,
            })
          : ok({ entries: [auditEntry()], next: '00000000-0000-4000-8000-000000000001' }),
    });
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row');
    expect(rows()[1]).toHaveTextContent('2026-11-27 11:00 UTC');
    expect(rows()[1]).toHaveTextContent('admin@example.com');
    expect(rows()[1]).toHaveTextContent('Removed a file');
    expect(rows()[1]).toHaveTextContent('Malware or phishing: Notice 42 from the bank');
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await within(table).findByText('Blocked an address until 2026-12-04 11:00 UTC');
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
  });
});
