import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { maskAadhaar } from '@shared/format';
import type { FarmerResponse } from '@shared/schemas/farmers';
import { sessionHasRole, useSession } from '@web/lib/session';
import { useActiveToggle } from '@web/lib/use-active-toggle';
import { useCatalogueList } from '@web/lib/use-catalogue-list';
import { useFeedback } from '@web/lib/use-feedback';
import { CatalogueListSection } from '@web/components/CatalogueListSection';
import { FeedbackAlerts } from '@web/components/FeedbackAlerts';
import { StaffPage } from '@web/components/StaffPage';
import type { StaffColumn } from '@web/components/StaffTable';
import { ActiveToggleButton, StatusChip } from '@web/components/StatusActions';
import { usePageTitle } from '@web/components/use-page-title';
import { inactivateFarmer, listFarmers, restoreFarmer } from './api';
import { RegsDialog } from './RegsDialog';

/**
 * Registered Farmers: the add/edit form is hidden (farmers come from registrations). List with search
 * (name, Aadhaar, contact or village; Enter), include inactive, Refresh; Regs, Inactivate, Restore.
 */
export default function FarmersPage() {
  const { t } = useTranslation();
  usePageTitle(t('farmers.title'));
  const canChange = sessionHasRole(useSession(), ['admin']);
  const feedback = useFeedback();
  const [regsOf, setRegsOf] = useState<FarmerResponse | null>(null);
  const list = useCatalogueList('farmers', listFarmers, 'farmers.loadFailed');
  const { load } = list;

  const toggle = useActiveToggle<FarmerResponse>({
    inactivate: (f) => inactivateFarmer(f.farmerID),
    restore: (f) => restoreFarmer(f.farmerID),
    reload: load,
    feedback,
  });

  const columns: StaffColumn<FarmerResponse>[] = [
    { header: t('common.id'), cell: (f) => f.farmerID },
    { header: t('farmers.name'), cell: (f) => f.name },
    { header: t('farmers.father'), cell: (f) => f.fatherName },
    { header: t('farmers.aadhaar'), cell: (f) => maskAadhaar(f.aadhaarLast4), sx: { whiteSpace: 'nowrap' } },
    { header: t('farmers.contact'), cell: (f) => f.contactNumber },
    { header: t('farmers.village'), cell: (f) => f.village },
    { header: t('farmers.category'), cell: (f) => f.category },
    { header: t('catalogue.status'), cell: (f) => <StatusChip active={f.isActive} /> },
    {
      header: t('common.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (f) => (
        <>
          <Button size="small" onClick={() => setRegsOf(f)}>
            {t('farmers.regs')}
          </Button>
          {canChange && (
            <ActiveToggleButton
              active={f.isActive}
              confirmMessage={t('farmers.confirmInactivate', { name: f.name })}
              onToggle={() => void toggle(f)}
            />
          )}
        </>
      ),
    },
  ];

  return (
    <StaffPage title={t('farmers.title')}>
      <CatalogueListSection
        list={list}
        searchLabel={t('farmers.searchLabel')}
        searchHint={t('farmers.searchHint')}
        searchSx={{ flex: '1 1 280px', maxWidth: 440 }}
        label={t('farmers.title')}
        columns={columns}
        rowKey={(f) => f.farmerID}
        rowProps={(f) => ({ hover: true, 'data-farmer-id': f.farmerID })}
      >
        <FeedbackAlerts error={feedback.error} onCloseError={feedback.closeError} />
      </CatalogueListSection>

      {regsOf && <RegsDialog farmer={regsOf} onClose={() => setRegsOf(null)} />}
    </StaffPage>
  );
}
