import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  CreateUserInput,
  ResetPasswordInput,
  UpdateUserInput,
  type RoleResponse,
  type UserResponse,
} from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { useListQuery } from '@web/lib/useListQuery';
import { useStaffForm } from '@web/lib/useStaffForm';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { createUser, listRoles, listUsers, resetPassword, updateUser } from './api';
import { RoleCheckboxes } from './RoleCheckboxes';

interface Draft {
  fullName: string;
  isActive: boolean;
  roleIds: number[];
}

const emptyForm = { fullName: '', email: '', password: '', isActive: true, roleIds: [] as number[] };

function draftOf(u: UserResponse): Draft {
  return { fullName: u.fullName, isActive: u.isActive, roleIds: [...u.roleIds] };
}

/** Staff accounts: create, edit name / active flag / roles inline, reset a password. */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const [roles, setRoles] = useState<RoleResponse[]>([]);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [savingId, setSavingId] = useState<number | null>(null);

  // Users come with the roles to choose from; every load starts the inline drafts afresh.
  const {
    rows: users,
    setRows: setUsers,
    loadError,
    load,
  } = useListQuery(
    ['users'],
    async () => {
      const [u, r] = await Promise.all([listUsers(), listRoles()]);
      setRoles(r);
      setDrafts(Object.fromEntries(u.map((x) => [x.userID, draftOf(x)])));
      setRowErrors({});
      return u;
    },
    'common.failedToLoad',
  );
  const {
    values: form,
    set,
    field,
    errorOf,
    submit,
    busy,
    feedback,
  } = useStaffForm({
    schema: CreateUserInput,
    empty: () => ({ ...emptyForm, roleIds: [] as number[] }),
    save: createUser,
    savedMessage: (user) => t('users.createdMessage', { email: user.email }),
    onSaved: load,
  });
  const { error, notice, clear, fail, succeed, closeError, closeNotice } = feedback;

  const setDraft = (id: number, patch: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [id]: { ...(d[id] ?? { fullName: '', isActive: true, roleIds: [] }), ...patch } }));

  const saveRow = async (user: UserResponse) => {
    const draft = drafts[user.userID] ?? draftOf(user);
    const parsed = UpdateUserInput.safeParse(draft);
    if (!parsed.success) {
      clear();
      setRowErrors((r) => ({ ...r, [user.userID]: parsed.error.issues[0]?.message ?? t('common.saveFailed') }));
      return;
    }
    setRowErrors((r) => ({ ...r, [user.userID]: '' }));
    clear();
    setSavingId(user.userID);
    try {
      const saved = await updateUser(user.userID, parsed.data);
      setUsers((list) => list.map((u) => (u.userID === saved.userID ? saved : u)));
      setDrafts((d) => ({ ...d, [saved.userID]: draftOf(saved) }));
      succeed(t('users.savedMessage', { email: saved.email }));
    } catch (err) {
      fail(errorMessage(err, t('common.saveFailed')));
    } finally {
      setSavingId(null);
    }
  };

  const resetPw = async (user: UserResponse) => {
    const pw = window.prompt(t('users.resetPrompt', { email: user.email }));
    if (!pw) return;
    // This action answers in an alert: no banner of an earlier action stays beside it.
    clear();
    const parsed = ResetPasswordInput.safeParse({ newPassword: pw });
    if (!parsed.success) {
      window.alert(parsed.error.issues[0]?.message ?? t('common.failed'));
      return;
    }
    try {
      await resetPassword(user.userID, parsed.data.newPassword);
      window.alert(t('users.passwordUpdated'));
    } catch (err) {
      window.alert(errorMessage(err, t('common.failed')));
    }
  };

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('users.title')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('users.createTitle')}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            <TextField
              label={t('users.fullName')}
              name="fullName"
              size="small"
              required
              {...field('fullName')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={t('users.email')}
              name="email"
              type="email"
              size="small"
              required
              autoComplete="off"
              {...field('email')}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <TextField
              label={t('users.password')}
              name="password"
              type="password"
              size="small"
              required
              autoComplete="new-password"
              {...field('password')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
          <FormControlLabel
            label={t('users.active')}
            control={<Checkbox checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
          />
          <Box>
            <FormLabel component="legend" sx={{ fontSize: 14 }}>
              {t('users.roles')}
            </FormLabel>
            {roles.length ? (
              <RoleCheckboxes
                roles={roles}
                selected={form.roleIds}
                onChange={(roleIds) => set('roleIds', roleIds)}
                label={t('users.roles')}
              />
            ) : (
              <FormHelperText>{t('users.noRoles')}</FormHelperText>
            )}
            {errorOf('roleIds') && <FormHelperText error>{errorOf('roleIds')}</FormHelperText>}
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('users.create')}
            </Button>
          </Box>
        </Box>
      </Paper>

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts
        error={error}
        onCloseError={closeError}
        errorTestId="users-error"
        notice={notice}
        onCloseNotice={closeNotice}
      />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('users.listTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.id')}</TableCell>
              <TableCell>{t('users.fullName')}</TableCell>
              <TableCell>{t('users.email')}</TableCell>
              <TableCell>{t('users.active')}</TableCell>
              <TableCell>{t('users.roles')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={users} colSpan={6} emptyText={t('users.empty')} />
            {users?.map((u) => {
              const draft = drafts[u.userID] ?? draftOf(u);
              const rowError = rowErrors[u.userID];
              return (
                <TableRow key={u.userID} data-user-email={u.email} hover>
                  <TableCell>{u.userID}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <TextField
                      size="small"
                      fullWidth
                      value={draft.fullName}
                      onChange={(e) => setDraft(u.userID, { fullName: e.target.value })}
                      error={!!rowError}
                      helperText={rowError || undefined}
                      slotProps={{ htmlInput: { 'aria-label': `${t('users.fullName')} (${u.email})`, maxLength: 200 } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{u.email}</TableCell>
                  <TableCell>
                    <Checkbox
                      size="small"
                      checked={draft.isActive}
                      onChange={(e) => setDraft(u.userID, { isActive: e.target.checked })}
                      slotProps={{ input: { 'aria-label': `${t('users.active')} (${u.email})` } as Record<string, unknown> }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 280 }}>
                    <RoleCheckboxes
                      roles={roles}
                      selected={draft.roleIds}
                      onChange={(roleIds) => setDraft(u.userID, { roleIds })}
                      label={`${t('users.roles')} (${u.email})`}
                      dense
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button size="small" variant="contained" onClick={() => void saveRow(u)} disabled={savingId === u.userID}>
                        {t('common.save')}
                      </Button>
                      <Button size="small" onClick={() => void resetPw(u)} sx={{ whiteSpace: 'nowrap' }}>
                        {t('users.resetPw')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
