import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { PrepareError, TransferError, uploadErrorMessage } from './upload-errors';

describe('uploadErrorMessage', () => {
  it('says the file could not be processed when key generation or encryption failed', () => {
    expect(uploadErrorMessage(new PrepareError(new Error('no WebCrypto')))).toBe(
      'Failed to process file. Please try again.',
    );
  });

  it("shows the server's message for API failures", () => {
    expect(
      uploadErrorMessage(new ApiError('File size exceeds maximum allowed size of 5GB', 413)),
    ).toBe('File size exceeds maximum allowed size of 5GB');
  });

  it('keeps "No file provided"', () => {
    expect(uploadErrorMessage(new Error('No file provided'))).toBe('No file provided');
  });

  it('falls back to the generic upload message for transfer and unknown failures', () => {
    expect(uploadErrorMessage(new TransferError('Network error during upload', null, true))).toBe(
      'Upload failed. Please try again.',
    );
    expect(uploadErrorMessage('???')).toBe('Upload failed. Please try again.');
  });
});
