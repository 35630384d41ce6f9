import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  CreateUserInput,
  ResetPasswordInput,
  UpdateUserInput,
  type RoleResponse,
  type UserResponse,
} from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { useListQuery } from '@web/lib/use-list-query';
import { useStaffForm } from '@web/lib/use-staff-form';
import { EmailText } from '@web/components/EmailText';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { FormPaper, StaffPage } from '@web/components/StaffPage';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { createUser, listRoles, listUsers, resetPassword, resetSecondFactor, updateUser } from './api';
import { ResetSecondFactorDialog } from './ResetSecondFactorDialog';
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

  const [resetting, setResetting] = useState<UserResponse | null>(null);
  const [resetBusy, setResetBusy] = useState(false);
  const resetFactor = async (user: UserResponse) => {
    clear();
    setResetBusy(true);
    try {
      await resetSecondFactor(user.userID);
      succeed(t('secondFactor.resetDone', { email: user.email }));
    } catch (err) {
      fail(errorMessage(err, t('common.failed')));
    } finally {
      setResetBusy(false);
      setResetting(null);
    }
  };

  const draftFor = (u: UserResponse) => drafts[u.userID] ?? draftOf(u);
  const columns: StaffColumn<UserResponse>[] = [
    { header: t('common.id'), cell: (u) => u.userID },
    {
      header: t('users.fullName'),
      sx: { minWidth: 180 },
      cell: (u) => {
        const rowError = rowErrors[u.userID];
        return (
          <TextField
            size="small"
            fullWidth
            value={draftFor(u).fullName}
            onChange={(e) => setDraft(u.userID, { fullName: e.target.value })}
            error={!!rowError}
            helperText={rowError || undefined}
            slotProps={{ htmlInput: { 'aria-label': `${t('users.fullName')} (${u.email})`, maxLength: 200 } }}
          />
        );
      },
    },
    { header: t('users.email'), cell: (u) => <EmailText email={u.email} />, sx: { minWidth: 140, maxWidth: 200 } },
    {
      header: t('users.active'),
      cell: (u) => (
        <Checkbox
          size="small"
          checked={draftFor(u).isActive}
          onChange={(e) => setDraft(u.userID, { isActive: e.target.checked })}
          slotProps={{ input: { 'aria-label': `${t('users.active')} (${u.email})` } as Record<string, unknown> }}
        />
      ),
    },
    {
      header: t('users.roles'),
      sx: { minWidth: 280 },
      cell: (u) => (
        <RoleCheckboxes
          roles={roles}
          selected={draftFor(u).roleIds}
          onChange={(roleIds) => setDraft(u.userID, { roleIds })}
          label={`${t('users.roles')} (${u.email})`}
          dense
        />
      ),
    },
    {
      header: t('common.actions'),
      align: 'right',
      cell: (u) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" variant="contained" onClick={() => void saveRow(u)} disabled={savingId === u.userID}>
            {t('common.save')}
          </Button>
          <Button size="small" onClick={() => void resetPw(u)} sx={{ whiteSpace: 'nowrap' }}>
            {t('users.resetPw')}
          </Button>
          <Button size="small" color="error" onClick={() => setResetting(u)} sx={{ whiteSpace: 'nowrap' }}>
            {t('secondFactor.reset')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <StaffPage title={t('users.title')}>
      <FormPaper title={t('users.createTitle')}>
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
      </FormPaper>

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts
        error={error}
        onCloseError={closeError}
        errorTestId="users-error"
        notice={notice}
        onCloseNotice={closeNotice}
      />

      <StaffTable
        label={t('users.listTitle')}
        columns={columns}
        rows={users}
        rowKey={(u) => u.userID}
        rowProps={(u) => ({ 'data-user-email': u.email, hover: true })}
        emptyText={t('users.empty')}
      />
      <ResetSecondFactorDialog
        user={resetting}
        busy={resetBusy}
        onCancel={() => setResetting(null)}
        onConfirm={(u) => void resetFactor(u)}
      />
    </StaffPage>
  );
}
