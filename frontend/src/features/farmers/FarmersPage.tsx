import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { maskAadhaar } from '@shared/format';
import type { FarmerResponse } from '@shared/schemas/farmers';
import { sessionHasRole, useSession } from '@web/lib/session';
import { useActiveToggle } from '@web/lib/useActiveToggle';
import { useFeedback } from '@web/lib/useFeedback';
import { useListQuery } from '@web/lib/useListQuery';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { ListToolbar } from '@web/components/ListToolbar';
import { ActiveToggleButton, StatusChip } from '@web/components/StatusActions';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
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
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [regsOf, setRegsOf] = useState<FarmerResponse | null>(null);
  const { rows, loadError, load } = useListQuery(
    ['farmers', search, includeInactive],
    () => listFarmers({ search, includeInactive }),
    'farmers.loadFailed',
  );

  const toggle = useActiveToggle<FarmerResponse>({
    inactivate: (f) => inactivateFarmer(f.farmerID),
    restore: (f) => restoreFarmer(f.farmerID),
    reload: load,
    feedback,
  });

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('farmers.title')}
      </Typography>

      <ListToolbar
        searchLabel={t('farmers.searchLabel')}
        searchHint={t('farmers.searchHint')}
        onSearch={setSearch}
        includeInactive={includeInactive}
        onIncludeInactiveChange={setIncludeInactive}
        onRefresh={() => void load()}
        searchSx={{ flex: '1 1 280px', maxWidth: 440 }}
      />

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts error={feedback.error} onCloseError={feedback.closeError} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('farmers.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.id')}</TableCell>
              <TableCell>{t('farmers.name')}</TableCell>
              <TableCell>{t('farmers.father')}</TableCell>
              <TableCell>{t('farmers.aadhaar')}</TableCell>
              <TableCell>{t('farmers.contact')}</TableCell>
              <TableCell>{t('farmers.village')}</TableCell>
              <TableCell>{t('farmers.category')}</TableCell>
              <TableCell>{t('catalogue.status')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={9} emptyText={t('catalogue.empty')} hideEmpty={!!loadError} />
            {rows?.map((f) => (
              <TableRow key={f.farmerID} hover data-farmer-id={f.farmerID}>
                <TableCell>{f.farmerID}</TableCell>
                <TableCell>{f.name}</TableCell>
                <TableCell>{f.fatherName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{maskAadhaar(f.aadhaarLast4)}</TableCell>
                <TableCell>{f.contactNumber}</TableCell>
                <TableCell>{f.village}</TableCell>
                <TableCell>{f.category}</TableCell>
                <TableCell>
                  <StatusChip active={f.isActive} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      {regsOf && <RegsDialog farmer={regsOf} onClose={() => setRegsOf(null)} />}
    </Box>
  );
}
