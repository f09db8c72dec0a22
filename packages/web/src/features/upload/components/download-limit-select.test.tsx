/** "Download limit" on the home page, sent with presign; Unlimited by default. */
import '../testing/blob-polyfill';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '../../../testing/mock-api';
import { withSucceedingXhr } from '../testing/fake-xhr-per-test';
import { smallUploadRoutes } from '../testing/home-upload';
import { HomePage } from './home-page';

const routes = () => smallUploadRoutes();

withSucceedingXhr();

const upload = () =>
  fireEvent.change(screen.getByLabelText(/drop a file here/i), {
    target: { files: [new File(['hello'], 'hello.txt')] },
  });

describe('Download limit', () => {
  it('offers 1, 5, 20, 100 downloads or Unlimited, Unlimited by default, and sends no limit then', async () => {
    const api = mockApi(routes());
    render(<HomePage />);
    const select = screen.getByLabelText('Download limit') as HTMLSelectElement;
    expect(select).toHaveDisplayValue('Unlimited');
    expect(Array.from(select.options, (o) => o.textContent)).toEqual([
      '1 download',
      '5 downloads',
      '20 downloads',
      '100 downloads',
      'Unlimited',
    ]);
    upload();
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(api.callsTo('POST /upload/presign')[0]?.body).not.toHaveProperty('downloadLimit');
  });

  it('sends the chosen limit with presign, and again on Retry', async () => {
    let failOnce = true;
    const api = mockApi({
      ...routes(),
      'POST /upload/presign': () => {
        if (failOnce) {
          failOnce = false;
          return fail(400, 'Something went wrong');
        }
        return routes()['POST /upload/presign']();
      },
    });
    render(<HomePage />);
    await userEvent.selectOptions(screen.getByLabelText('Download limit'), '1 download');
    upload();
    await userEvent.click(await screen.findByRole('button', { name: /retry/i }));
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    const bodies = api.callsTo('POST /upload/presign').map((call) => call.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).toMatchObject({ downloadLimit: 1 });
  });
});
