import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { typedMobile } from '@shared/typed-numbers';
import { FarmerCodeForm } from '@web/components/FarmerCodeForm';
import { paths, to } from '@web/paths';
import { findLetters, type FoundLetter } from './api';
import { pageFocusKept, useTakeOver } from './takeover';

/** The box's id: /registration#find opens the page at it. */
const FIND_LETTER_ID = 'find';

/**
 * "Find my letter": the registered mobile, then the code sent to it (docs/decisions/0043-farmer-one-time-codes.md).
 * One letter opens at once; several (one per crop and year) are listed to choose from. The code's session stays
 * for My registrations (cancel, My data), linked below.
 */
export function FindLetter({ prefill }: { prefill?: { mobile: string } | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState(prefill?.mobile ?? '');
  /** Bumped when the page's own form is taken over: the code form starts again with what was typed. */
  const [takenOver, setTakenOver] = useState(0);
  const [choices, setChoices] = useState<FoundLetter[]>([]);
  const found = useRef<FoundLetter[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // The page's own Find my letter form, taken over with what was typed (./takeover).
  useTakeOver(
    'find',
    (values) => {
      if (prefill) return;
      const v = values.get('mobile');
      setMobile(typedMobile(typeof v === 'string' ? v : ''));
      setTakenOver((n) => n + 1);
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

  const verify = async (m: string, otp: string) => {
    const r = await findLetters(m, otp);
    found.current = r.letters;
    return r.session;
  };

  return (
    <Paper id={FIND_LETTER_ID} ref={box} variant="outlined" sx={{ p: 2, mt: 4, scrollMarginTop: 16 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('registration.findTitle')}
      </Typography>
      <FarmerCodeForm
        key={takenOver}
        purpose="find"
        idPrefix={FIND_LETTER_ID}
        initialMobile={mobile}
        verify={verify}
        submitLabel={t('registration.findSubmit')}
        onVerified={() => {
          const letters = found.current;
          // One letter: open it. Several (one per crop and year): the farmer picks.
          if (letters.length === 1) void navigate(to.appointment(letters[0].uniqueCode));
          else setChoices(letters);
        }}
      />
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
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        <RouterLink to={paths.myRegistrations} data-testid="find-my-registrations">
          {t('registration.myRegistrationsLink')}
        </RouterLink>
      </Typography>
    </Paper>
  );
}
