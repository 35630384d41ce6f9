import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@shared/schemas/registration';
import { errorMessage } from '@web/lib/api';
import { sessionHasRole, useSession } from '@web/lib/session';
import { confirmFarmerLink } from './api';

/**
 * For an admin, on a registration marked "to confirm" (its Aadhaar names a farmer record with another mobile
 * number): link it to that farmer, or say it is not theirs. Each asks first; the answer says what was done.
 */
export function FarmerLinkMenuItems({
  row,
  onDone,
  onError,
}: {
  row: RegistrationRow;
  onDone: (note: string) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (row.farmerLink !== 'to-confirm' || !sessionHasRole(session, ['admin'])) return null;
  const answer = async (accept: boolean) => {
    const question = accept
      ? t('registrations.farmerLinkAcceptAsk', { id: row.id, year: row.year, farmer: row.proposedFarmerID ?? '—' })
      : t('registrations.farmerLinkDeclineAsk', { id: row.id, year: row.year, farmer: row.proposedFarmerID ?? '—' });
    if (!window.confirm(question)) return;
    try {
      const r = await confirmFarmerLink(row, accept);
      onDone(t(`registrations.farmerLinkOutcome.${r.outcome}`, { id: row.id, year: row.year, farmer: r.farmerID ?? '—' }));
    } catch (e) {
      onError(errorMessage(e, t('registrations.farmerLinkFailed')));
    }
  };
  return [
    <MenuItem key="accept" onClick={() => void answer(true)}>
      {t('registrations.farmerLinkAccept', { farmer: row.proposedFarmerID ?? '—' })}
    </MenuItem>,
    <MenuItem key="decline" onClick={() => void answer(false)}>
      {t('registrations.farmerLinkDecline')}
    </MenuItem>,
  ];
}
