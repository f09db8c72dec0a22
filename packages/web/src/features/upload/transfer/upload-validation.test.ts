import { finalShareLink, shareLink } from '@sealdrop/core/client/share-link';
import { describe, expect, it, vi } from 'vitest';
import { finalizeUpload } from '../api/upload-endpoints';
import { uploadDirect } from './direct-upload';
import { partBody } from './part-body';
import { resolveUploadInput } from './upload-input';

describe('direct upload checks', () => {
  it('requires an upload URL', async () => {
    await expect(uploadDirect({ uploadUrl: undefined, blob: new Blob(['x']) })).rejects.toThrow(
      'uploadUrl required',
    );
  });

  it('requires a File or Blob', async () => {
    await expect(
      uploadDirect({ uploadUrl: 'https://storage.test/o', blob: 'text' as unknown as Blob }),
    ).rejects.toThrow('blob must be a File/Blob');
  });

  it('retries a single PUT that failed on the network, reporting progress from zero again', async () => {
    const sent: number[] = [];
    const put = vi
      .fn()
      .mockImplementationOnce(async ({ onProgress }) => {
        onProgress(3);
        throw Object.assign(new Error('Network error during upload'), { name: 'TransferError' });
      })
      .mockResolvedValue({ status: 200, etag: null });
    await uploadDirect({
      uploadUrl: 'https://storage.test/o',
      blob: new Blob(['hello']),
      put,
      retry: { policy: { attempts: 3, baseDelayMs: 1 } },
      onBytes: (n) => sent.push(n),
    });
    expect(put).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([3, 0]);
  });
});

describe('finalizeUpload', () => {
  it('requires an objectKey or a slug', async () => {
    await expect(finalizeUpload({})).rejects.toThrow('finalize requires objectKey or slug');
  });
});

describe('resolveUploadInput', () => {
  it('takes a file directly or under a file or blob property', () => {
    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    expect(resolveUploadInput(file)).toEqual({ blob: file, name: 'a.txt', type: 'text/plain' });
    expect(resolveUploadInput({ file }).blob).toBe(file);
    const blob = new Blob(['b']);
    expect(resolveUploadInput({ blob })).toEqual({
      blob,
      name: 'file',
      type: 'application/octet-stream',
    });
  });

  it.each([null, undefined, {}, { file: 'nope' }])(
    'refuses %s with "No file provided"',
    (input) => {
      expect(() => resolveUploadInput(input as never)).toThrow('No file provided');
    },
  );
});

describe('partBody', () => {
  it('refuses to encrypt anything but a Blob/File', async () => {
    await expect(
      partBody({
        file: 'text' as unknown as Blob,
        partSize: 65536,
        partNumber: 1,
        partCount: 1,
        cipher: null,
      }),
    ).rejects.toThrow('EncryptionService.encryptBlob expected a Blob/File');
  });
});

describe('share links', () => {
  it('is {origin}/s/{code}, with #key=…&iv=… only when encrypted', () => {
    expect(shareLink('https://sealdrop.test', 'Abc123XYZ0')).toBe(
      'https://sealdrop.test/s/Abc123XYZ0',
    );
    expect(shareLink('https://sealdrop.test', 'Abc123XYZ0', 'key=k&iv=i')).toBe(
      'https://sealdrop.test/s/Abc123XYZ0#key=k&iv=i',
    );
  });

  it('prefers the short code, then the download URL, then /s/{fileId}', () => {
    const base = { origin: 'https://sealdrop.test', fileId: 'File123456', fragment: 'key=k&iv=i' };
    expect(finalShareLink({ ...base, shortCode: 'Short12345', downloadUrl: '/x' })).toBe(
      'https://sealdrop.test/s/Short12345#key=k&iv=i',
    );
    expect(finalShareLink({ ...base, downloadUrl: 'https://sealdrop.test/s/File123456' })).toBe(
      'https://sealdrop.test/s/File123456#key=k&iv=i',
    );
    expect(finalShareLink({ ...base, downloadUrl: '', fragment: null })).toBe(
      'https://sealdrop.test/s/File123456',
    );
  });
});
