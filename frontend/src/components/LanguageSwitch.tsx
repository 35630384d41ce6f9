import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../lib/i18n';

/** Switches between Hindi and English; the label is the other language, written in that language. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'hi' : 'en';
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => chooseLanguage(other)}
      aria-label={`${t('app.changeLanguage')}: ${t('app.otherLanguage')}`}
      startIcon={compact ? undefined : <TranslateIcon fontSize="small" />}
      sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
      data-testid="language-switch"
    >
      <span lang={other}>{compact ? t('app.otherLanguageShort') : t('app.otherLanguage')}</span>
    </Button>
  );
}
