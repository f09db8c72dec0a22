/**
 * The download page as the app mounts it, for component tests: a query client that does not
 * retry (a failed answer shows at once), the save environment (null: the page picks its own) and
 * a router at `path`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RenderReportLink } from '../../../lib/reports';
import { DownloadPage } from '../components/download-page';
import { SaveEnvironmentContext } from '../save/save-environment';
import type { SaveEnvironment } from '../save/sink-types';

export function renderDownloadPage(
  path: string,
  environment: SaveEnvironment | null = null,
  renderReportLink?: RenderReportLink,
) {
  const page = <DownloadPage renderReportLink={renderReportLink} />;
  const router = createMemoryRouter(
    [
      { path: '/download/:fileId', element: page },
      { path: '/download', element: page },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SaveEnvironmentContext.Provider value={environment}>
        <RouterProvider router={router} />
      </SaveEnvironmentContext.Provider>
    </QueryClientProvider>,
  );
}
