import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ActiveToggleButton } from './StatusActions';

interface CatalogueRowActionsProps {
  active: boolean;
  onEdit: () => void;
  /** Asked before inactivating. */
  confirmMessage: string;
  onToggle: () => void;
}

/** A catalogue row's Edit button followed by Inactivate (after a confirm) or Restore. */
export function CatalogueRowActions({ active, onEdit, confirmMessage, onToggle }: CatalogueRowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" onClick={onEdit}>
        {t('catalogue.edit')}
      </Button>
      <ActiveToggleButton active={active} confirmMessage={confirmMessage} onToggle={onToggle} />
    </>
  );
}

/** A row's Edit button. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={onClick}>
      {t('common.edit')}
    </Button>
  );
}

interface ConfirmedDeleteButtonProps {
  /** Asked before deleting; nothing happens when the user declines. */
  confirmMessage: string;
  onDelete: () => void;
}

/** A row's red Delete button that asks first. */
export function ConfirmedDeleteButton({ confirmMessage, onDelete }: ConfirmedDeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      color="error"
      onClick={() => {
        if (window.confirm(confirmMessage)) onDelete();
      }}
    >
      {t('common.delete')}
    </Button>
  );
}
