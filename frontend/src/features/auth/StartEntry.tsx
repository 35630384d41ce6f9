import { Navigate, useLocation } from 'react-router-dom';
import { hasAnyRole } from '@shared/roles';
import { useSession } from '@web/lib/session';
import { landingFor } from '@web/lib/landing';
import { ADMIN_AREA_ROLES, paths, to } from '@web/paths';

/** Entry for "take me to my area": staff to their work (landingFor), other signed-in users to their own area, visitors to the login page. */
export default function StartEntry() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={to.login(paths.start)} replace state={{ from: { pathname: location.pathname } }} />;
  const roles = session.user.roles;
  return <Navigate to={hasAnyRole(roles, ADMIN_AREA_ROLES) ? landingFor(roles) : paths.user.root} replace />;
}
