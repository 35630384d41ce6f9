import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@shared/schemas/registration';

const COLOURS = {
  confirmed: 'success',
  waitlisted: 'warning',
  applied: 'info',
  expired: 'default',
  cancelled: 'default',
} as const;

/** A registration's place in its crop's stock, as a small chip whose text says it (the colour only helps). */
export function StatusChip({ row }: { row: Pick<RegistrationRow, 'status' | 'waitlistPosition' | 'cancelReason'> }) {
  const { t } = useTranslation();
  const label =
    row.status === 'waitlisted' && row.waitlistPosition
      ? t('registrations.waitlistedNo', { position: row.waitlistPosition })
      : t(`registrations.statuses.${row.status}`);
  return (
    <Chip
      size="small"
      variant={row.status === 'confirmed' ? 'filled' : 'outlined'}
      color={COLOURS[row.status]}
      label={label}
      title={row.cancelReason ? t('registrations.cancelledBecause', { reason: row.cancelReason }) : undefined}
      sx={{ mb: 0.25 }}
      data-testid="registration-status"
      data-status={row.status}
    />
  );
}
