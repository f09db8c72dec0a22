import { describe, expect, it } from 'vitest';
import {
  GENERAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  refusedDownloadMessage,
} from './download-messages';

describe('refusedDownloadMessage', () => {
  it("says an unknown link's fixed text, our server's 4xx words, and the general text otherwise", () => {
    expect(refusedDownloadMessage(404, 'anything')).toBe(NOT_FOUND_MESSAGE);
    expect(refusedDownloadMessage(409, 'The file is still uploading.')).toBe(
      'The file is still uploading.',
    );
    expect(refusedDownloadMessage(403, null)).toBe(GENERAL_ERROR_MESSAGE);
    expect(refusedDownloadMessage(500, 'stack trace')).toBe(GENERAL_ERROR_MESSAGE);
  });
});
