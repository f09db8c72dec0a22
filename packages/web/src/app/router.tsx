import { APP_ROUTES } from '@sealdrop/core/app-routes';
import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { lazyPages } from './lazy-pages';
import { SessionHomePage } from './session-home-page';
import { SessionLayout } from './session-layout';

/**
 * Every page of the app, declared from core's table (the server answers 404 for any other path).
 * The home page comes with the app's script; every other page's code is a script of its own,
 * which the router fetches before it shows the page (lazy-pages.ts).
 */
function BlankWindow() {
  return null;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <SessionLayout />,
      // The first visit to a page other than home waits for that page's script with a blank
      // window, rather than drawing the frame and shifting it when the page arrives. A component
      // that draws nothing, not `null`: React Router takes a null element for a missing one and
      // warns in the console of every such first visit.
      HydrateFallback: BlankWindow,
      children: [
        { path: APP_ROUTES.home, element: <SessionHomePage /> },
        ...Object.entries(lazyPages).map(([route, lazy]) => ({
          path: APP_ROUTES[route as keyof typeof lazyPages],
          lazy,
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
