import { Suspense, useEffect, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigate,
  useRoutes,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom';
import { RequireAuth } from './components/RequireAuth';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { PageLoading, PublicPageLayout, SiteLayout } from './components/SiteLayout';
import { clearSession } from './lib/session';
import { setUnauthorizedHandler } from './lib/api';
import { loadQueueMessages, loadStaffMessages, loadStatusMessages } from './lib/i18n';
import { lazyPage, type LazyPage } from './lib/lazy-page';
import { ADMIN_AREA_ROLES, ADMIN_SECTIONS, USER_AREA_ROLES, paths, to, type AdminSectionId } from './paths';
import { publicPages } from './startup';

/**
 * Every screen of the app. Each screen is its own lazily loaded module (one chunk each), so the public
 * pages stay light and later work replaces screens file by file. Declarative routes (useRoutes inside
 * BrowserRouter, see App.tsx) rather than the data router: no screen uses loaders or actions, and the
 * data router's code would weigh on every public page (docs/decisions/0011-public-bundle.md).
 */
type PageModule = { default: ComponentType };

/** A login, admin or user screen: its code and the staff texts (lib/i18n/parts.ts) arrive together. */
const staffPage = (load: () => Promise<PageModule>) =>
  lazyPage(() => Promise.all([load(), loadStaffMessages()]).then(([m]) => m));

const adminPages: Record<AdminSectionId, LazyPage> = {
  dashboard: staffPage(() => import('./features/dashboard/DashboardPage')),
  producers: staffPage(() => import('./features/producers/ProducersPage')),
  crops: staffPage(() => import('./features/crops/CropsPage')),
  lots: staffPage(() => import('./features/lots/LotsPage')),
  farmers: staffPage(() => import('./features/farmers/FarmersPage')),
  // The form's own texts (the notice's, the district field's) and the notice come with it, as on the public page.
  internalRegistration: staffPage(() =>
    import('./features/registration/RegistrationPage').then((m) => m.formReady().then(() => m)),
  ),
  registrations: staffPage(() => import('./features/registrations/RegistrationsPage')),
  allocation: staffPage(() => import('./features/allocation/AllocationPage')),
  bills: staffPage(() => import('./features/bills/BillsPage')),
  cmsBlocks: staffPage(() => import('./features/cms/ContentBlocksPage')),
  cmsAnnouncements: staffPage(() => import('./features/cms/AnnouncementsPage')),
  settings: staffPage(() => import('./features/settings/SettingsPage')),
  users: staffPage(() => import('./features/admin-users/UsersPage')),
  roles: staffPage(() => import('./features/admin-roles/RolesPage')),
  configs: staffPage(() => import('./features/admin-configs/ConfigsPage')),
  dataRequests: staffPage(() => import('./features/data-requests/DataRequestsPage')),
  audit: staffPage(() => import('./features/audit/AuditPage')),
  reports: staffPage(() => import('./features/reports/ReportsPage')),
  // The Z-report's layout choice is the bill's, whose texts come with the status part.
  dayClose: staffPage(() => Promise.all([import('./features/day-close/DayClosePage'), loadStatusMessages()]).then(([m]) => m)),
  today: staffPage(() => import('./features/registrations/CounterRoute')),
  smsOutbox: staffPage(() => import('./features/notifications/OutboxPage')),
  smsTemplates: staffPage(() => import('./features/notifications/TemplatesPage')),
  secondFactor: staffPage(() => import('./features/second-factor/SecondFactorPage')),
};

const home = lazyPage(publicPages.home.load);
/** The required pages and the sitemap: code and texts on demand, never in another page's first load. */
const sitePage = lazyPage(() => Promise.all([import('./features/site-pages/SitePage'), loadStatusMessages()]).then(([m]) => m));
/** The queue display: its code and both languages' texts on demand (it shows Hindi and English together). */
const queuePage = lazyPage(() => Promise.all([import('./features/queue/QueuePage'), loadQueueMessages()]).then(([m]) => m));
/** My registrations (a farmer session's screen): its code and the status texts it shares with the letter's dialogs. */
const myRegistrations = lazyPage(() =>
  Promise.all([import('./features/appointment/MyRegistrationsPage'), loadStatusMessages()]).then(([m]) => m),
);
const adminLayout = staffPage(() => import('./components/AdminLayout'));

/** A screen's route; `preload`: its code is fetched before the first render when the page is opened directly. */
const screen = (p: LazyPage, preload = false): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <p.Component />,
  handle: preload ? { preload: p.preload } : undefined,
});
/** The public pages: code and first GETs also started early by main.tsx (startup.ts). */
const publicScreen = (id: keyof typeof publicPages) => screen(lazyPage(publicPages[id].load), true);

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <SiteLayout />,
    children: [
      {
        element: <PublicPageLayout />,
        children: [
          { index: true, ...screen(home, true) },
          { path: paths.about, ...publicScreen('about') },
          { path: paths.registration, ...publicScreen('registration') },
          {
            path: paths.login,
            ...screen(
              staffPage(() => import('./features/auth/LoginPage')),
              true,
            ),
          },
          {
            path: paths.start,
            ...screen(
              staffPage(() => import('./features/auth/StartEntry')),
              true,
            ),
          },
          { path: paths.lot, ...publicScreen('lot') },
          { path: paths.appointment, ...publicScreen('appointment') },
          // The older system's misspelt link opens the letter too (the page moves to the right address).
          { path: paths.misspeltAppointment, ...publicScreen('appointment') },
          { path: paths.bill, ...publicScreen('bill') },
          { path: paths.creditNote, ...publicScreen('creditNote') },
          { path: paths.myRegistrations, ...screen(myRegistrations, true) },
          { path: paths.sitePage, ...screen(sitePage, true) },
          {
            path: paths.user.root,
            element: <RequireAuth roles={USER_AREA_ROLES} />,
            children: [
              { index: true, ...screen(staffPage(() => import('./features/user-area/UserDashboardPage'))) },
              { path: paths.user.profile, ...screen(staffPage(() => import('./features/user-area/ProfilePage'))) },
              { path: paths.user.orders, ...screen(staffPage(() => import('./features/user-area/OrdersPage'))) },
            ],
          },
        ],
      },
      // The queue display fills the screen: no site header or footer (a TV at the counter, or a phone).
      { path: paths.queue, ...screen(queuePage, true) },
      {
        path: paths.admin.root,
        element: <RequireAuth roles={ADMIN_AREA_ROLES} />,
        children: [
          {
            ...screen(adminLayout),
            children: ADMIN_SECTIONS.map(
              (s): RouteObject => ({
                element: <RequireAuth roles={s.roles} />,
                children: [
                  s.path === paths.admin.root
                    ? { index: true, ...screen(adminPages[s.id]) }
                    : { path: s.path, ...screen(adminPages[s.id]) },
                ],
              }),
            ),
          },
        ],
      },
      // Anything else goes home.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** Fetches the screen of the page opened directly, before the first render (render.tsx); never rejects. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((m): Promise<unknown> => {
    const handle = m.route.handle as { preload?: () => Promise<unknown> } | undefined;
    return handle?.preload ? handle.preload().catch(() => undefined) : Promise.resolve(undefined);
  });
  return Promise.all(loads);
}

let navigate: NavigateFunction | null = null;

/**
 * The routes, with what the data router used to give: the root error screen (RootErrorBoundary, cleared by
 * the next navigation) and the loading bar while the first screen's code arrives.
 */
export function AppRoutes() {
  const location = useLocation();
  const nav = useNavigate();
  useEffect(() => {
    navigate = nav;
  }, [nav]);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** A 401 from the API: forget the session and go to the login page, remembering the current page. */
setUnauthorizedHandler(() => {
  clearSession('reauth');
  const loc = window.location;
  if (loc.pathname === paths.login) return;
  const from = { pathname: loc.pathname, search: loc.search, hash: loc.hash };
  if (navigate) void navigate(to.reauth, { state: { from } });
  else window.location.assign(to.reauth);
});
