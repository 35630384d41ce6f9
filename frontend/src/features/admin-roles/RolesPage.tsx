import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { CreateRoleInput, type RoleResponse } from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { useListQuery } from '@web/lib/useListQuery';
import { useStaffForm } from '@web/lib/useStaffForm';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { createRole, deleteRole, listRoles } from './api';

/** Roles: add (name required) and delete (refused by the server while a user holds the role). */
export default function RolesPage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.title'));
  const { rows, loadError, load } = useListQuery(['roles'], listRoles, 'common.failedToLoad');
  const { field, submit, busy, clearErrors, feedback } = useStaffForm({
    schema: CreateRoleInput,
    empty: () => ({ name: '', description: '' }),
    save: createRole,
    savedMessage: (role) => t('roles.addedMessage', { name: role.name }),
    onSaved: load,
  });
  const { error, notice, clear, succeed, closeError, closeNotice } = feedback;

  const remove = async (role: RoleResponse) => {
    if (!window.confirm(t('roles.confirmDelete'))) return;
    // The latest action's outcome only: nothing left over from an earlier add.
    clear();
    clearErrors();
    try {
      await deleteRole(role.roleID);
      succeed(t('staffChecks.roleDeleted', { name: role.name }));
      await load();
    } catch (err) {
      window.alert(errorMessage(err, t('roles.inUse')));
    }
  };

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('roles.title')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('roles.addTitle')}
        </Typography>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('roles.name')}
            name="name"
            size="small"
            required
            {...field('name')}
            sx={{ flex: '1 1 180px' }}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            label={t('roles.description')}
            name="description"
            size="small"
            {...field('description')}
            sx={{ flex: '2 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {t('roles.add')}
          </Button>
        </Box>
      </Paper>

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('roles.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.id')}</TableCell>
              <TableCell>{t('roles.name')}</TableCell>
              <TableCell>{t('roles.description')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={4} emptyText={t('roles.empty')} />
            {rows?.map((role) => (
              <TableRow key={role.roleID} data-role-name={role.name} hover>
                <TableCell>{role.roleID}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{role.name}</TableCell>
                <TableCell>{role.description}</TableCell>
                <TableCell align="right">
                  <Button size="small" color="error" onClick={() => void remove(role)}>
                    {t('common.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
