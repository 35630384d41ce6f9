import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../lib/i18n';

/**
 * Switches between Hindi and English; the label is the other language, written in that language.
 * `compact`: on phones only the short label is shown.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'hi' : 'en';
  const full = { xs: compact ? 'none' : 'inline', sm: 'inline' };
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => chooseLanguage(other)}
      aria-label={`${t('app.changeLanguage')}: ${t('app.otherLanguage')}`}
      sx={{ minWidth: 0, whiteSpace: 'nowrap', px: 1 }}
      data-testid="language-switch"
    >
      <TranslateIcon fontSize="small" sx={{ mr: 0.75, display: full }} />
      <Box component="span" lang={other} sx={{ display: full }}>
        {t('app.otherLanguage')}
      </Box>
      {compact && (
        <Box component="span" lang={other} sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {t('app.otherLanguageShort')}
        </Box>
      )}
    </Button>
  );
}
