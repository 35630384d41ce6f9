import { useNavigate } from 'react-router-dom';
import { clearSession } from '../lib/session';
import { to } from '../paths';

/** Logout: forget the session and go to /login?reauth=1. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return () => {
    clearSession('reauth');
    void navigate(to.reauth);
  };
}
