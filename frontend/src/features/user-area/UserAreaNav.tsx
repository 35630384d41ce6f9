import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@web/paths';

/** Tabs between the pages of the user area. */
export function UserAreaNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = [
    { path: paths.user.dashboard, label: t('nav.myDashboard') },
    { path: paths.user.profile, label: t('nav.profile') },
    { path: paths.user.orders, label: t('nav.orders') },
  ];
  const current = tabs.find((x) => x.path === pathname)?.path ?? false;
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} className="no-print">
      {tabs.map((x) => (
        <Tab key={x.path} value={x.path} label={x.label} component={RouterLink} to={x.path} />
      ))}
    </Tabs>
  );
}
