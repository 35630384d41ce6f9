import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { maskAadhaar } from '../../../../shared/format';
import type { FarmerResponse } from '../../../../shared/schemas/farmers';
import { errorMessage } from '../../lib/api';
import { sessionHasRole, useSession } from '../../lib/session';
import { usePageTitle } from '../../components/usePageTitle';
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
  const [rows, setRows] = useState<FarmerResponse[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [error, setError] = useState('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [regsOf, setRegsOf] = useState<FarmerResponse | null>(null);

  const load = useCallback(async () => {
    setLoadError('');
    try {
      setRows(await listFarmers({ search, includeInactive }));
    } catch (e) {
      setRows([]);
      setLoadError(errorMessage(e, t('farmers.loadFailed')));
    }
  }, [search, includeInactive, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (f: FarmerResponse) => {
    if (f.isActive && !window.confirm(t('farmers.confirmInactivate', { name: f.name }))) return;
    setError('');
    try {
      if (f.isActive) await inactivateFarmer(f.farmerID);
      else await restoreFarmer(f.farmerID);
      await load();
    } catch (err) {
      setError(errorMessage(err, t('common.saveFailed')));
    }
  };

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('farmers.title')}
      </Typography>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <TextField
          label={t('farmers.searchLabel')}
          type="search"
          size="small"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setSearch(searchText.trim());
            }
          }}
          helperText={t('catalogue.searchHint')}
          sx={{ flex: '1 1 280px', maxWidth: 440 }}
        />
        <FormControlLabel control={<Checkbox checked={includeInactive} onChange={(e) => setIncludeInactive(e.target.checked)} />} label={t('catalogue.includeInactive')} />
        <Button variant="outlined" onClick={() => void load()}>
          {t('catalogue.refresh')}
        </Button>
      </Box>

      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setError('')}>
          {error}
        </Alert>
      )}

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
            {rows === null && (
              <TableRow>
                <TableCell colSpan={9}>{t('common.loading')}</TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && !loadError && (
              <TableRow>
                <TableCell colSpan={9}>{t('catalogue.empty')}</TableCell>
              </TableRow>
            )}
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
                  <Chip size="small" label={f.isActive ? t('catalogue.active') : t('catalogue.inactive')} color={f.isActive ? 'success' : 'default'} variant="outlined" />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setRegsOf(f)}>
                    {t('farmers.regs')}
                  </Button>
                  {canChange &&
                    (f.isActive ? (
                      <Button size="small" color="error" onClick={() => void toggle(f)}>
                        {t('catalogue.inactivate')}
                      </Button>
                    ) : (
                      <Button size="small" color="success" onClick={() => void toggle(f)}>
                        {t('catalogue.restore')}
                      </Button>
                    ))}
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
