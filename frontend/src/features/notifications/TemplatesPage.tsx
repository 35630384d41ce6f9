import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyRole } from '@shared/roles';
import type { TemplateReply } from '@shared/schemas/notifications';
import { countParts, fillTemplate, SAMPLE_VALUES, templateProblems, type SmsLanguage } from '@shared/sms-templates';
import { errorMessage } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { listTemplates, saveTemplate } from './api';

/**
 * The SMS templates (/admin/sms/templates, admins; changes by a super admin): each kind's Hindi and English text
 * as registered with DLT, its DLT template ID, a preview with sample values, the parts it is sent in (Unicode
 * 70/67, GSM-7 160/153) and its cost from the price setting. A text that could not match a DLT form is refused
 * here and by the server.
 */
const LANGUAGES: readonly SmsLanguage[] = ['hi', 'en'];
const SHIFT_SAMPLE: Record<SmsLanguage, string> = { hi: 'सुबह 10 से दोपहर 1 बजे', en: 'Morning 10 am - 1 pm' };

function preview(t: TemplateReply, lang: SmsLanguage, text: string): string {
  try {
    return fillTemplate(t.kind, text, { ...SAMPLE_VALUES, shift: SHIFT_SAMPLE[lang] });
  } catch {
    return '';
  }
}

export default function TemplatesPage() {
  const { t } = useTranslation();
  usePageTitle(t('sms.templates.title'));
  const session = useSession();
  const mayEdit = hasAnyRole(session?.user.roles ?? [], ['super_admin']);
  const query = useQuery({ queryKey: ['sms-templates'], queryFn: ({ signal }) => listTemplates(signal) });
  const [editing, setEditing] = useState<TemplateReply | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const loadError = query.isError ? errorMessage(query.error, t('common.failedToLoad')) : '';
  const data = query.data;
  const price = data?.pricePerPartPaise ?? 0;

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    setError('');
    try {
      await saveTemplate({ kind: editing.kind, hi: editing.hi, en: editing.en });
      setNotice(t('sms.templates.saved', { kind: t(`sms.kinds.${editing.kind}`) }));
      setEditing(null);
      await query.refetch();
    } catch (e) {
      setError(errorMessage(e, t('sms.templates.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <StaffPage title={t('sms.templates.title')}>
      {data && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('sms.templates.identity', { entityId: data.entityId, senderId: data.senderId, price: (price / 100).toFixed(2) })}
        </Typography>
      )}
      <FeedbackAlerts error={error} onCloseError={() => setError('')} notice={notice} onCloseNotice={() => setNotice('')} />
      <LoadErrorAlert message={loadError} />
      {data?.templates.map((tpl) => {
        const shown = editing?.kind === tpl.kind ? editing : tpl;
        return (
          <Paper key={tpl.kind} variant="outlined" sx={{ p: 2, mb: 2, breakInside: 'avoid' }} data-template={tpl.kind}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2">
                {t(`sms.kinds.${tpl.kind}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('sms.templates.variables', { list: tpl.variables.join(', ') })}
              </Typography>
            </Box>
            {LANGUAGES.map((lang) => {
              const text = shown[lang].text;
              const problems = templateProblems(tpl.kind, lang, shown[lang]);
              const body = preview(tpl, lang, text);
              const parts = countParts(body || text);
              return (
                <Box key={lang} sx={{ mt: 1.5 }} data-language={lang}>
                  <Typography variant="subtitle2">
                    {t(`sms.languages.${lang}`)} · {t('sms.templates.dltId')}: <code>{shown[lang].dltTemplateId}</code>
                  </Typography>
                  {editing?.kind === tpl.kind ? (
                    <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
                      <TextField
                        size="small"
                        label={t('sms.templates.dltId')}
                        value={editing[lang].dltTemplateId}
                        onChange={(e) => setEditing({ ...editing, [lang]: { ...editing[lang], dltTemplateId: e.target.value } })}
                        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 19 } }}
                      />
                      <TextField
                        size="small"
                        multiline
                        label={t('sms.templates.text')}
                        value={text}
                        onChange={(e) => setEditing({ ...editing, [lang]: { ...editing[lang], text: e.target.value } })}
                        error={problems.length > 0}
                        helperText={problems.join(' · ') || ' '}
                      />
                    </Box>
                  ) : (
                    <Typography sx={{ whiteSpace: 'pre-wrap' }} lang={lang}>
                      {text}
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} lang={lang}>
                    {t('sms.templates.preview')}: {body || '—'}
                  </Typography>
                  <Typography variant="body2" data-parts={parts.parts}>
                    {t('sms.templates.parts', {
                      encoding: parts.encoding,
                      units: parts.units,
                      parts: parts.parts,
                      perPart: parts.perPart,
                      cost: ((parts.parts * price) / 100).toFixed(2),
                    })}
                  </Typography>
                </Box>
              );
            })}
            {mayEdit && (
              <Box sx={{ mt: 1.5, display: 'flex', gap: 1, '@media print': { display: 'none' } }}>
                {editing?.kind === tpl.kind ? (
                  <>
                    <Button variant="contained" onClick={() => void save()} disabled={saving}>
                      {t('common.save')}
                    </Button>
                    <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
                  </>
                ) : (
                  <Button variant="outlined" onClick={() => setEditing(tpl)} disabled={Boolean(editing)}>
                    {t('sms.templates.edit')}
                  </Button>
                )}
              </Box>
            )}
          </Paper>
        );
      })}
    </StaffPage>
  );
}
