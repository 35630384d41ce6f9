import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CreateRoleInput, type RoleResponse } from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { isBuiltInRole, roleLabel } from '@web/lib/role-label';
import { useListQuery } from '@web/lib/use-list-query';
import { useStaffForm } from '@web/lib/use-staff-form';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { ConfirmedDeleteButton } from '@web/components/RowActions';
import { FormPaper, StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { createRole, deleteRole, listRoles } from './api';

/** Roles: add (name required) and delete an added role (refused by the server while a user holds it); built-in roles stay. */
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

  const columns: StaffColumn<RoleResponse>[] = [
    { header: t('common.id'), cell: (role) => role.roleID },
    { header: t('roles.name'), cell: (role) => roleLabel(t, role.name) },
    { header: t('roles.description'), cell: (role) => role.description },
    {
      header: t('common.actions'),
      align: 'right',
      cell: (role) =>
        isBuiltInRole(role.name) ? (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('roles.builtIn')}
          </Typography>
        ) : (
          <ConfirmedDeleteButton confirmMessage={t('roles.confirmDelete')} onDelete={() => void remove(role)} />
        ),
    },
  ];

  return (
    <StaffPage title={t('roles.title')}>
      <FormPaper title={t('roles.addTitle')}>
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
      </FormPaper>

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <StaffTable
        label={t('roles.title')}
        columns={columns}
        rows={rows}
        rowKey={(role) => role.roleID}
        rowProps={(role) => ({ 'data-role-name': role.name, hover: true })}
        emptyText={t('roles.empty')}
      />
    </StaffPage>
  );
}
