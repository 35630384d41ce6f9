import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { currentYear, type LotResponse } from '@shared/schemas/lots';
import { sessionHasRole, useSession } from '@web/lib/session';
import { useListQuery } from '@web/lib/use-list-query';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { listLots } from './api';
import { LotFilters, type LotFilter } from './LotFilters';
import { LotForm } from './LotForm';
import { LotsTable } from './LotsTable';
import { QrDialog } from './QrDialog';
import { num, useLotForm } from './use-lot-form';
import { useLotOptions } from './use-lot-options';

/** Lots: form with a read-only code preview, filters, kg and quintal columns, QR dialog. No delete. */
export default function LotsPage() {
  const { t } = useTranslation();
  usePageTitle(t('lots.title'));
  // Sellers read lots; only admins create and edit them (the server enforces it too).
  const canEdit = sessionHasRole(useSession(), ['admin']);
  const { producers, crops, reload: reloadOptions } = useLotOptions();
  const [filter, setFilter] = useState<LotFilter>({ producerId: '', cropId: '', year: '' });
  const [qrLot, setQrLot] = useState<LotResponse | null>(null);
  const { rows, loadError, load } = useListQuery(
    ['lots', filter],
    () => listLots({ producerId: num(filter.producerId), cropId: num(filter.cropId), year: num(filter.year) }),
    'lots.loadFailed',
  );
  const lotForm = useLotForm(canEdit, load);
  const { error, notice, closeError, closeNotice } = lotForm.feedback;

  const years = useMemo(() => {
    const now = currentYear();
    const set = new Set<number>([now + 1, now, ...(rows ?? []).map((r) => r.year)]);
    for (let y = now - 1; y >= now - 5; y--) set.add(y);
    return [...set].sort((a, b) => b - a);
  }, [rows]);

  return (
    <StaffPage title={t('lots.title')}>
      {canEdit && <LotForm lotForm={lotForm} producers={producers} crops={crops} />}

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <LotFilters
        filter={filter}
        setFilter={setFilter}
        producers={producers}
        crops={crops}
        years={years}
        onRefresh={() => void Promise.all([load(), reloadOptions()])}
      />

      <Alert severity="info" variant="outlined" sx={{ mb: 1.5, py: 0 }}>
        {t('lots.unitsNote')}
      </Alert>

      <LoadErrorAlert message={loadError} />

      <LotsTable rows={rows} loadError={loadError} canEdit={canEdit} onEdit={lotForm.edit} onQr={setQrLot} />

      <QrDialog key={qrLot?.lotID ?? 0} lot={qrLot} onClose={() => setQrLot(null)} />
    </StaffPage>
  );
}
