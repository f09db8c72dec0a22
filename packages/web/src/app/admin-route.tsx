import { AdminPage } from '../features/admin/components/admin-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';

/**
 * /admin/:view?, in a script of its own (router.tsx loads it when first shown), so the console
 * adds nothing to what a visitor's first page loads. Anyone but an admin sees the page an
 * unknown path shows.
 */
export default function AdminRoute() {
  return <AdminPage notFound={<NotFoundPage />} />;
}
