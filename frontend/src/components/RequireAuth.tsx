import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasAnyRole } from '@shared/roles';
import { paths, to } from '../paths';
import { sessionEndedForReauth, useSession } from '../lib/session';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Route guard: without a token it sends the visitor to the login page, remembering where they were going
 * (in the location state and in ?next=; after Logout or a 401 the page is /login?reauth=1); with a token
 * but none of the roles it sends them home.
 * Convenience only: the API enforces the same roles.
 */
export function RequireAuth({ roles }: { roles?: readonly string[] }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    const target = sessionEndedForReauth() ? to.reauth : to.login(location.pathname + location.search);
    return <Navigate to={target} replace state={{ from } satisfies FromState} />;
  }
  if (roles && !hasAnyRole(session.user.roles, roles)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
