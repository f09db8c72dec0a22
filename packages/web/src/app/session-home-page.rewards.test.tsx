/** The upload reward is claimed through the UI once an upload is ready (the app's transfers claim it). */
import '../features/upload/testing/blob-polyfill';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withSucceedingXhr } from '../features/upload/testing/fake-xhr-per-test';
import { fail, type MockReply, mockApi, ok } from '../testing/mock-api';
import { renderWithSession, testUser } from '../testing/render-with-session';
import { SessionHomePage } from './session-home-page';
import { SessionTransfers } from './session-transfers';

const WALLET = 'WaLLet1111111111111111111111111111111111111';

function uploadRoutes(
  reward: MockReply,
  user = testUser({ solanaWallet: WALLET }),
  tokenConfigured = true,
) {
  return {
    'GET /auth/me': ok({ user }),
    'GET /config': ok({ tokenConfigured }),
    'POST /tiny/instant': ok({
      tinyUrl: '/s/Short12345',
      shortCode: 'Short12345',
      completeToken: 't'.repeat(43),
    }),
    'POST /upload/presign': ok({
      uploadUrl: 'https://storage.test/object',
      objectKey: 'objects/1',
      slug: 'Short12345',
      shortUrl: '/s/Short12345',
      expiresAt: '2026-11-23T00:00:00Z',
      objectSize: 0,
      concurrency: 1,
    }),
    'POST /upload/finalize': ok({
      fileId: 'Short12345',
      storageKey: 'objects/1',
      downloadUrl: '/s/Short12345',
    }),
    'PUT /tiny/complete/Short12345': ok({}),
    'POST /solana/reward-file-upload': reward,
  };
}

async function uploadAFile(api: ReturnType<typeof mockApi>) {
  renderWithSession(
    <SessionTransfers>
      <SessionHomePage />
    </SessionTransfers>,
  );
  // Signed in: the session has loaded the user (the account button replaces Log In elsewhere),
  // and the page knows whether the server pays rewards.
  await vi.waitFor(() => expect(localStorage.getItem('authToken')).toBe('tok'));
  await vi.waitFor(() => expect(api.callsTo('GET /config')).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const input = screen.getByLabelText(/drop a file here/i);
  fireEvent.change(input, { target: { files: [new File(['hello'], 'hello.txt')] } });
  expect(await screen.findByText('Ready to share')).toBeInTheDocument();
}

withSucceedingXhr();
beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('upload reward on the home page', () => {
  it('claims it for the finished file and shows "Earned {n} tokens for uploading!"', async () => {
    const api = mockApi(uploadRoutes(ok({ reward: 10, newBalance: 10, message: 'x' })));
    await uploadAFile(api);
    expect(await screen.findByText('Earned 10 tokens for uploading!')).toBeInTheDocument();
    const [claim] = api.callsTo('POST /solana/reward-file-upload');
    expect(claim?.body).toEqual({ fileId: 'Short12345', fileSize: 5, walletAddress: WALLET });
    expect(claim?.authorization).toBe('Bearer tok');
  });

  it('tells the uploader "Failed to process upload reward", logs it, and leaves the upload ready', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi(uploadRoutes(fail(500, 'Internal server error')));
    await uploadAFile(api);
    expect(await screen.findByText('Failed to process upload reward')).toBeInTheDocument();
    expect(screen.getByText('Ready to share')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The upload reward was not claimed', expect.anything());
    warn.mockRestore();
  });

  it("shows the server's reason when nothing is due", async () => {
    const api = mockApi(
      uploadRoutes(
        ok({ reward: 0, newBalance: 0, message: 'Files smaller than 1 MB earn no upload reward' }),
      ),
    );
    await uploadAFile(api);
    expect(
      await screen.findByText('Files smaller than 1 MB earn no upload reward'),
    ).toBeInTheDocument();
  });

  it('claims nothing without a linked wallet', async () => {
    const api = mockApi(uploadRoutes(ok({ reward: 10 }), testUser()));
    await uploadAFile(api);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /solana/reward-file-upload')).toHaveLength(0);
  });

  it('claims nothing, and says nothing, where the server has no token configured', async () => {
    const api = mockApi(uploadRoutes(ok({ reward: 10 }), undefined, false));
    await uploadAFile(api);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /solana/reward-file-upload')).toHaveLength(0);
    expect(screen.queryByText('Failed to process upload reward')).toBeNull();
  });
});
