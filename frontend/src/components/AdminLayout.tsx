import { useState, type ComponentType } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import LogoutIcon from '@mui/icons-material/Logout';
import DashboardIcon from '@mui/icons-material/Dashboard';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import GrassIcon from '@mui/icons-material/Grass';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import BalanceIcon from '@mui/icons-material/Balance';
import ArticleIcon from '@mui/icons-material/Article';
import CampaignIcon from '@mui/icons-material/Campaign';
import SettingsIcon from '@mui/icons-material/Settings';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import TuneIcon from '@mui/icons-material/Tune';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import HistoryIcon from '@mui/icons-material/History';
import AssessmentIcon from '@mui/icons-material/Assessment';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import SmsIcon from '@mui/icons-material/Sms';
import TextsmsIcon from '@mui/icons-material/Textsms';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link as RouterLink, NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAnyRole } from '@shared/roles';
import { roleLabel } from '../lib/role-label';
import { primaryRole, useSession } from '../lib/session';
import { createStaffQueryClient } from '../lib/staff-query-client';
import { ADMIN_SECTIONS, paths, type AdminSectionId } from '../paths';
import { LanguageSwitch } from './LanguageSwitch';
import { useSignOut } from './use-sign-out';

const DRAWER_WIDTH = 248;

const ICONS: Record<AdminSectionId, ComponentType<SvgIconProps>> = {
  dashboard: DashboardIcon,
  producers: AgricultureIcon,
  crops: GrassIcon,
  lots: Inventory2Icon,
  farmers: PeopleIcon,
  internalRegistration: AppRegistrationIcon,
  registrations: ListAltIcon,
  allocation: BalanceIcon,
  bills: ReceiptLongIcon,
  cmsBlocks: ArticleIcon,
  cmsAnnouncements: CampaignIcon,
  settings: SettingsIcon,
  users: ManageAccountsIcon,
  roles: AdminPanelSettingsIcon,
  configs: TuneIcon,
  dataRequests: PrivacyTipIcon,
  audit: HistoryIcon,
  reports: AssessmentIcon,
  dayClose: PointOfSaleIcon,
  today: HowToRegIcon,
  smsOutbox: SmsIcon,
  smsTemplates: TextsmsIcon,
  secondFactor: PhonelinkLockIcon,
};

/** The admin area: header (welcome, role badge, Refresh, Logout) and a sidebar of the sections the user's roles open. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The staff screens' server state lives here, not in the app shell: the public pages never load it.
  const [queryClient] = useState(createStaffQueryClient);

  const roles = session?.user.roles ?? [];
  const name = session?.user.name || session?.user.email || '';
  const role = primaryRole(roles);
  const sections = ADMIN_SECTIONS.filter((s) => hasAnyRole(roles, s.roles));

  const logout = useSignOut();

  const sidebar = (
    <Box component="nav" aria-label={t('admin.sections')}>
      <Toolbar sx={{ px: 2 }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home}
          sx={{ color: 'primary.main', textDecoration: 'none', whiteSpace: 'nowrap' }}
        >
          {t('app.name')}
        </Typography>
      </Toolbar>
      <Divider />
      <List dense sx={{ py: 1 }}>
        {sections.map((s) => {
          const Icon = ICONS[s.id];
          return (
            <ListItem key={s.id} disablePadding>
              <ListItemButton
                component={NavLink}
                to={s.path}
                end={s.path === paths.admin.dashboard}
                onClick={() => setMobileOpen(false)}
                sx={{
                  mx: 1,
                  borderRadius: 1,
                  '&.active': {
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                    '& .MuiListItemIcon-root': { color: 'primary.main' },
                  },
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(`admin.nav.${s.id}`)} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        component="header"
        className="no-print"
        elevation={1}
        sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('admin.openMenu')}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="div" noWrap sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
            {t('admin.title')}
          </Typography>
          <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography noWrap sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="admin-welcome">
              {t('admin.welcome', { name })}
            </Typography>
            <Chip
              label={roleLabel(t, role)}
              size="small"
              sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit', fontWeight: 600 }}
              data-testid="role-badge"
            />
          </Box>
          <LanguageSwitch compact />
          <Tooltip title={t('nav.refresh')}>
            <Button
              color="inherit"
              onClick={() => window.location.reload()}
              aria-label={t('nav.refresh')}
              sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 } }}
            >
              <RefreshIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.75 }}>
                {t('nav.refresh')}
              </Box>
            </Button>
          </Tooltip>
          <Tooltip title={t('nav.logout')}>
            <Button color="inherit" onClick={logout} aria-label={t('nav.logout')} sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 } }}>
              <LogoutIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.75 }}>
                {t('nav.logout')}
              </Box>
            </Button>
          </Tooltip>
        </Toolbar>
      </AppBar>

      {/* On md and up the aside carries the sidebar's background and border down the whole page, however long; the
          sidebar itself stays in view as the page scrolls. */}
      <Box
        component="aside"
        className="no-print"
        data-testid="admin-sidebar"
        sx={{
          width: { md: DRAWER_WIDTH },
          flexShrink: { md: 0 },
          boxSizing: 'border-box',
          bgcolor: { md: 'background.paper' },
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
        }}
      >
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            height: '100%',
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH - 1,
              boxSizing: 'border-box',
              position: 'sticky',
              top: 0,
              height: '100vh',
              borderRight: 'none',
            },
          }}
        >
          {sidebar}
        </Drawer>
      </Box>

      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar className="no-print" />
        <Typography
          variant="body2"
          className="no-print"
          sx={{ display: { xs: 'block', sm: 'none' }, mb: 1, color: 'text.secondary' }}
          data-testid="admin-welcome-mobile"
        >
          {t('admin.welcome', { name })}
        </Typography>
        <QueryClientProvider client={queryClient}>
          <Outlet />
        </QueryClientProvider>
      </Box>
    </Box>
  );
}
