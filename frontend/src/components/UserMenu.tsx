import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

/** The signed-in non-admin user's menu (its own chunk: visitors never load the menu code). */
export default function UserMenu({ buttonSx }: { buttonSx: object }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        sx={buttonSx}
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('nav.userMenu')}
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem component={RouterLink} to={paths.user.dashboard} onClick={close}>
          {t('nav.myDashboard')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.user.profile} onClick={close}>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.user.orders} onClick={close}>
          {t('nav.orders')}
        </MenuItem>
      </Menu>
    </>
  );
}
