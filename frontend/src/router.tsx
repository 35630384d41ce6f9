import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './components/RequireAuth';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { PageLoading, PublicPageLayout, SiteLayout } from './components/SiteLayout';
import { clearSession } from './lib/session';
import { setUnauthorizedHandler } from './lib/api';
import { ADMIN_AREA_ROLES, ADMIN_SECTIONS, USER_AREA_ROLES, paths, to, type AdminSectionId } from './paths';

/**
 * Every screen of the app. Each screen is its own lazily loaded module (one chunk each), so the public
 * pages stay light and later work replaces screens file by file.
 */
type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const adminPages: Record<AdminSectionId, () => Promise<PageModule>> = {
  dashboard: () => import('./features/dashboard/DashboardPage'),
  producers: () => import('./features/producers/ProducersPage'),
  crops: () => import('./features/crops/CropsPage'),
  lots: () => import('./features/lots/LotsPage'),
  farmers: () => import('./features/farmers/FarmersPage'),
  internalRegistration: () => import('./features/registration/RegistrationPage'),
  registrations: () => import('./features/registrations/RegistrationsPage'),
  bills: () => import('./features/bills/BillsPage'),
  cmsBlocks: () => import('./features/cms/ContentBlocksPage'),
  cmsAnnouncements: () => import('./features/cms/AnnouncementsPage'),
  settings: () => import('./features/settings/SettingsPage'),
  users: () => import('./features/admin-users/UsersPage'),
  roles: () => import('./features/admin-roles/RolesPage'),
  configs: () => import('./features/admin-configs/ConfigsPage'),
};

const home = page(() => import('./features/home/HomePage'));

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <SiteLayout />,
    errorElement: <RootErrorBoundary />,
    HydrateFallback: PageLoading,
    children: [
      {
        element: <PublicPageLayout />,
        children: [
          { index: true, lazy: home },
          { path: paths.about, lazy: home },
          { path: paths.registration, lazy: page(() => import('./features/registration/RegistrationPage')) },
          { path: paths.login, lazy: page(() => import('./features/auth/LoginPage')) },
          { path: paths.start, lazy: page(() => import('./features/auth/StartEntry')) },
          { path: paths.lot, lazy: page(() => import('./features/public-lot/PublicLotPage')) },
          { path: paths.appointment, lazy: page(() => import('./features/appointment/AppointmentLetterPage')) },
          { path: paths.bill, lazy: page(() => import('./features/bill-view/BillViewPage')) },
          {
            path: paths.user.root,
            element: <RequireAuth roles={USER_AREA_ROLES} />,
            children: [
              { index: true, lazy: page(() => import('./features/user-area/UserDashboardPage')) },
              { path: paths.user.profile, lazy: page(() => import('./features/user-area/ProfilePage')) },
              { path: paths.user.orders, lazy: page(() => import('./features/user-area/OrdersPage')) },
            ],
          },
        ],
      },
      {
        path: paths.admin.root,
        element: <RequireAuth roles={ADMIN_AREA_ROLES} />,
        children: [
          {
            lazy: page(() => import('./components/AdminLayout')),
            children: ADMIN_SECTIONS.map(
              (s): RouteObject => ({
                element: <RequireAuth roles={s.roles} />,
                children: [
                  s.path === paths.admin.root
                    ? { index: true, lazy: page(adminPages[s.id]) }
                    : { path: s.path, lazy: page(adminPages[s.id]) },
                ],
              }),
            ),
          },
        ],
      },
      // Anything else, including the misspelt /svs-appointment-lettter/{code} link, goes home.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

/** A 401 from the API: forget the session and go to the login page, remembering the current page. */
setUnauthorizedHandler(() => {
  clearSession('reauth');
  const loc = router.state.location;
  if (loc.pathname === paths.login) return;
  const from = { pathname: loc.pathname, search: loc.search, hash: loc.hash };
  void router.navigate(to.reauth, { state: { from } });
});
