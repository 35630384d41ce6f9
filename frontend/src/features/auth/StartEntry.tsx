import { Navigate, useLocation } from 'react-router-dom';
import { hasAnyRole } from '@shared/roles';
import { useSession } from '@web/lib/session';
import { ADMIN_AREA_ROLES, paths, to } from '@web/paths';

/** Entry for "take me to my area": staff to the admin area, other signed-in users to their own area, visitors to the login page. */
export default function StartEntry() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={to.login(paths.start)} replace state={{ from: { pathname: location.pathname } }} />;
  return <Navigate to={hasAnyRole(session.user.roles, ADMIN_AREA_ROLES) ? paths.admin.root : paths.user.root} replace />;
}
