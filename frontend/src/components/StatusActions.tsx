import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** "Active" / "Inactive" as a small outlined chip. */
export function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={active ? t('catalogue.active') : t('catalogue.inactive')}
      color={active ? 'success' : 'default'}
      variant="outlined"
    />
  );
}

interface ActiveToggleButtonProps {
  active: boolean;
  /** Asked before inactivating; restoring asks nothing. */
  confirmMessage: string;
  onToggle: () => void;
}

/** A row's "Inactivate" (after a confirm) or, once inactive, "Restore" button. */
export function ActiveToggleButton({ active, confirmMessage, onToggle }: ActiveToggleButtonProps) {
  const { t } = useTranslation();
  if (!active) {
    return (
      <Button size="small" color="success" onClick={onToggle}>
        {t('catalogue.restore')}
      </Button>
    );
  }
  const inactivate = () => {
    if (window.confirm(confirmMessage)) onToggle();
  };
  return (
    <Button size="small" color="error" onClick={inactivate}>
      {t('catalogue.inactivate')}
    </Button>
  );
}
