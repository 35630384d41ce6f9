import { lazy, Suspense, useEffect } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LetterIcon from '@mui/icons-material/DescriptionOutlined';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAnyRole } from '@shared/roles';
import { useSession } from '../lib/session';
import { ADMIN_AREA_ROLES, USER_AREA_ROLES, paths } from '../paths';
import { LanguageSwitch } from './LanguageSwitch';
import { useSignOut } from './use-sign-out';

const UserMenu = lazy(() => import('./UserMenu'));

const navButtonSx = {
  color: 'inherit',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  borderRadius: 1,
  px: 1,
  minWidth: 0,
  '&.active': { bgcolor: 'rgba(255,255,255,0.16)' },
} as const;

/**
 * The public site header: Home, Seeds Registration (New while registrations are open), About and Login, or
 * Admin / user menu, Refresh and Logout when signed in; Find my letter beside the language switch, an icon
 * with its name as the tooltip on phones, icon and text from 900 px.
 */
export function PublicTopBar() {
  const { t } = useTranslation();
  const session = useSession();

  const roles = session?.user.roles ?? [];
  const isStaff = hasAnyRole(roles, ADMIN_AREA_ROLES);
  // Signed-in users without the admin role who may open the user area (role user).
  const showUserMenu = !!session && !hasAnyRole(roles, ['admin']) && hasAnyRole(roles, USER_AREA_ROLES);

  const logout = useSignOut();
  // Off the first paint: lib/registration-open marks <html> once it knows; the badge hides while registrations are closed.
  useEffect(() => void import('../lib/registration-open').then((m) => m.readRegistrationOpen()), []);
  const findLetter = t('registration.findSubmit');

  return (
    <AppBar position="static" component="header" className="no-print" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, py: { xs: 0.5, md: 0 }, minHeight: { xs: 56 } }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home}
          sx={{ color: 'inherit', textDecoration: 'none', flexGrow: { xs: 1, md: 0 }, mr: { md: 2 }, whiteSpace: 'nowrap' }}
        >
          {t('app.name')}
        </Typography>
        <Box sx={{ order: { xs: 2, md: 3 }, ml: { md: 'auto' } }}>
          <LanguageSwitch />
        </Box>
        <Box
          component="nav"
          aria-label={t('nav.mainNavigation')}
          sx={{
            order: { xs: 3, md: 2 },
            width: { xs: '100%', md: 'auto' },
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 0.25,
            mx: { xs: -1, md: 0 },
          }}
        >
          <Button component={NavLink} to={paths.home} end sx={navButtonSx}>
            {t('nav.home')}
          </Button>
          <Button component={NavLink} to={paths.registration} sx={navButtonSx}>
            {t('nav.registration')}
            {/* A small chip drawn with a span: MUI's Chip (and its delete icon) would weigh on every public page. */}
            <Box
              component="span"
              sx={{
                ml: 0.75,
                px: 0.75,
                height: 20,
                display: 'inline-flex',
                alignItems: 'center',
                borderRadius: '16px',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                fontSize: 12,
                fontWeight: 600,
                whiteSpace: 'nowrap',
                verticalAlign: 'middle',
                'html[data-registration-closed] &': { display: 'none' },
              }}
            >
              {t('nav.new')}
            </Box>
          </Button>
          <Button component={NavLink} to={paths.about} sx={navButtonSx}>
            {t('nav.about')}
          </Button>
          {!session && (
            <Button component={NavLink} to={paths.login} sx={navButtonSx}>
              {t('nav.login')}
            </Button>
          )}
          {session && isStaff && (
            <Button component={NavLink} to={paths.admin.root} sx={navButtonSx}>
              {t('nav.admin')}
            </Button>
          )}
          {showUserMenu && (
            <Suspense fallback={null}>
              <UserMenu buttonSx={navButtonSx} />
            </Suspense>
          )}
          {session && (
            <>
              <Button sx={navButtonSx} onClick={() => window.location.reload()}>
                {t('nav.refresh')}
              </Button>
              <Button sx={navButtonSx} onClick={logout}>
                {t('nav.logout')}
              </Button>
            </>
          )}
        </Box>
        <Button
          component={RouterLink}
          to={`${paths.registration}#find`}
          aria-label={findLetter}
          title={findLetter}
          data-testid="top-find-letter"
          sx={{ ...navButtonSx, order: { xs: 1, md: 2 }, minHeight: 40, minWidth: 40 }}
        >
          {/* Said in words at every width: an icon alone was not understood on a phone (docs/product-rules.md#find-my-letter-is-in-the-top-bar-of-every-public-page). */}
          <LetterIcon sx={{ mr: 0.75 }} />
          <Box component="span">{findLetter}</Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
