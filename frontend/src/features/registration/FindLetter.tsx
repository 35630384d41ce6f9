import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX, typedAadhaar, typedMobile } from '@shared/typed-numbers';
import { errorMessage } from '@web/lib/api';
import { LightTextField as TextField } from '@web/components/LightTextField';
import { to } from '@web/paths';
import { findLetters, type FoundLetter } from './api';
import { pageFocusKept, useTakeOver } from './takeover';

/** The box's id: /registration#find opens the page at it. */
const FIND_LETTER_ID = 'find';

/** "Find my letter": Aadhaar + mobile give the letter's code (rate-limited on the server). */
export function FindLetter({ prefill }: { prefill?: { aadhaar: string; mobile: string } | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [aadhaar, setAadhaar] = useState(prefill?.aadhaar ?? '');
  const [mobile, setMobile] = useState(prefill?.mobile ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<FoundLetter[]>([]);
  const box = useRef<HTMLFormElement>(null);
  const { hash } = useLocation();
  // The page's own Find my letter form, taken over with what was typed (./takeover).
  useTakeOver(
    'find',
    (values) => {
      if (prefill) return;
      const typed = (name: string) => {
        const v = values.get(name);
        return typeof v === 'string' ? v : '';
      };
      setAadhaar(typedAadhaar(typed('adharNumber')));
      setMobile(typedMobile(typed('mobile')));
    },
    (name) => `${FIND_LETTER_ID}-${name}`,
  );

  // Links to /registration#find (the home page's) bring this box into view, ready to type in; unless the farmer was
  // typing in the form's own page already, where the app's field has the focus now.
  useEffect(() => {
    if (hash !== `#${FIND_LETTER_ID}` || !box.current || pageFocusKept()) return;
    box.current.scrollIntoView({ block: 'start' });
    box.current.querySelector('input')?.focus({ preventScroll: true });
  }, [hash]);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setChoices([]);
    try {
      const letters = await findLetters(aadhaar, mobile);
      // One letter: open it. Several (one per crop and year): the farmer picks.
      if (letters.length === 1) void navigate(to.appointment(letters[0].uniqueCode));
      else setChoices(letters);
    } catch (err) {
      setError(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      id={FIND_LETTER_ID}
      ref={box}
      component="form"
      variant="outlined"
      onSubmit={(e) => void find(e)}
      sx={{ p: 2, mt: 4, scrollMarginTop: 16 }}
    >
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('registration.findTitle')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {/* A server message in both languages shows the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi). */}
          {inLanguage(error, i18n.language === 'en' ? 'en' : 'hi')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
          columnGap: 1,
          rowGap: 1.5,
          alignItems: 'start',
        }}
      >
        <TextField
          size="small"
          id={`${FIND_LETTER_ID}-adharNumber`}
          name="adharNumber"
          label={t('registration.adharNumber')}
          value={aadhaar}
          onChange={(e) => setAadhaar(typedAadhaar(e.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: AADHAAR_INPUT_MAX } }}
        />
        <TextField
          size="small"
          id={`${FIND_LETTER_ID}-mobile`}
          name="mobile"
          label={t('registration.mobile')}
          value={mobile}
          onChange={(e) => setMobile(typedMobile(e.target.value))}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: MOBILE_INPUT_MAX } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || aadhaar.length !== 12 || mobile.length !== 10}>
          {busy ? t('registration.finding') : t('registration.findSubmit')}
        </Button>
      </Box>
      {choices.length > 0 && (
        <Box component="ul" data-testid="letter-choices" sx={{ m: 0, mt: 1.5, pl: 2.5 }}>
          {choices.map((l) => (
            <li key={l.uniqueCode}>
              <RouterLink to={to.appointment(l.uniqueCode)}>
                {t('registration.letterFor', { crop: cropLabel(l, i18n.language), year: l.year, id: l.id })}
              </RouterLink>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
