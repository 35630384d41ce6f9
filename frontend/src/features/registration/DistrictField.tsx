import { useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { District } from '@shared/districts';
import { LightTextField as TextField } from '@web/components/LightTextField';
import { districtLabel, districtSearch } from './district-search';

const ID = 'reg-district';
const LIST_ID = `${ID}-list`;
const optionId = (en: string) => `${ID}-option-${en.replace(/\W+/g, '-')}`;

/**
 * The district, chosen by typing (docs/product-rules.md#the-district-is-found-by-typing-its-name): a combobox
 * whose list shows the districts whose Hindi or English name holds what was typed (./district-search), to tap or
 * to choose with the arrow keys and Enter. A name typed whole, or the only one left, is taken when the field is
 * left. Out of 75 districts in a native list, a farmer scrolled or pressed an arrow 43 times for Kanpur Nagar,
 * and a Hindi list could not be searched with Latin letters at all.
 */
export function DistrictField({
  value,
  onChange,
  districts,
  otherNames,
  error,
  helperText,
}: {
  /** The district's English name, or ''. */
  value: string;
  onChange: (en: string) => void;
  /** The list, fetched after the form's first paint (empty until then: the field shows the value as it is). */
  districts: readonly District[];
  otherNames: readonly (readonly [string, string])[];
  error: boolean;
  helperText: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const search = useMemo(() => districtSearch(districts, otherNames), [districts, otherNames]);
  /** What is typed while the farmer searches; null shows the chosen district. */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = districts.find((d) => d.en === value);
  const shown = typed ?? (chosen ? districtLabel(chosen, i18n.language) : value);
  const matches = open ? search(typed ?? '') : [];

  const choose = (d: District | undefined) => {
    onChange(d?.en ?? '');
    setTyped(null);
    setOpen(false);
  };
  /** Leaving the field: a whole name or the only match is taken; anything else leaves no district chosen. */
  const leave = () => {
    if (typed !== null) {
      const found = search(typed);
      const whole = found.find((d) => [d.en, d.hi].some((n) => n.toLowerCase() === typed.trim().toLowerCase()));
      if (typed.trim() === '') choose(undefined);
      else if (whole || found.length === 1) choose(whole ?? found[0]);
      else {
        onChange('');
        setOpen(false);
      }
    } else setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const n = matches.length;
      if (n) setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i - 1 + n) % n));
    } else if (e.key === 'Enter' && open && matches[active]) {
      e.preventDefault(); // choosing is not submitting the form
      choose(matches[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setTyped(null);
      setOpen(false);
    }
  };

  return (
    <Box sx={{ position: 'relative' }} onBlur={leave}>
      <TextField
        id={ID}
        name="district"
        label={t('registration.district')}
        value={shown}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        error={error}
        helperText={helperText || t('registration.districtSearch.hint')}
        fullWidth
        size="small"
        autoComplete="off"
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': LIST_ID,
            'aria-activedescendant': open && matches[active] ? optionId(matches[active].en) : undefined,
            placeholder: t('registration.districtSearch.placeholder'),
            onKeyDown,
            onFocus: () => setOpen(true),
            onClick: () => setOpen(true),
            'data-testid': 'district-input',
          },
        }}
      />
      {open && (
        <Box
          component="ul"
          id={LIST_ID}
          role="listbox"
          aria-labelledby={`${ID}-label`}
          data-testid="district-list"
          // A tap on the list keeps the focus in the field (the choice is made on the click that follows).
          onMouseDown={(e) => e.preventDefault()}
          sx={{
            position: 'absolute',
            zIndex: 10,
            top: 40,
            left: 0,
            right: 0,
            m: 0,
            p: 0,
            listStyle: 'none',
            maxHeight: '40vh',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            boxShadow: 3,
          }}
        >
          {matches.length === 0 && (
            <Box component="li" sx={{ px: 1.5, py: 1, color: 'text.secondary' }}>
              {districts.length ? t('registration.districtSearch.none') : t('app.loading')}
            </Box>
          )}
          {matches.map((d, i) => (
            <Box
              component="li"
              key={d.en}
              id={optionId(d.en)}
              role="option"
              aria-selected={i === active}
              onClick={() => choose(d)}
              onMouseMove={() => setActive(i)}
              sx={{ px: 1.5, py: 1, cursor: 'pointer', bgcolor: i === active ? 'action.selected' : undefined }}
            >
              {districtLabel(d, i18n.language)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
