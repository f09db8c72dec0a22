/**
 * Renders UI the way the app does — query client, session provider, router — for component
 * tests. Queries never retry, so a failing mock shows its error at once.
 */
import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider';

export function testUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    email: 'alice@example.com',
    tier: { name: 'free' },
    userType: 'free',
    solanaWallet: null,
    emailVerified: false,
    oidcLinked: false,
    prickoBalance: 0,
    isPremium: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function renderWithSession(
  ui: ReactNode,
  { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], {
    initialEntries: [path],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
