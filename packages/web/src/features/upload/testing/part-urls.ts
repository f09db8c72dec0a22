import { type MockCall, ok } from '../../../testing/mock-api';

/** The answer to `POST /upload/parts`: a URL for each part number asked for. */
export const partUrls = ({ body }: MockCall) =>
  ok({
    parts: (body as { partNumbers: number[] }).partNumbers.map((n) => ({
      partNumber: n,
      url: `https://storage.test/part/${n}`,
    })),
  });
