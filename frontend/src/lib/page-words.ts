import { useTranslation } from 'react-i18next';
import type { PageLanguage, Translate } from '@shared/public-pages/words';

/**
 * The `t` and the language the shared views of the public pages take (shared/public-pages), from the app's
 * messages: the screens of the bill, the credit note, the lot and the letter draw what those views give, as the
 * functions' HTML pages do. The views' keys are plain strings (shared/ does not see the app's message types):
 * page-words.test.ts checks them against the messages instead.
 */
export function usePageWords(): { t: Translate; lang: PageLanguage } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as Translate, lang: i18n.language === 'en' ? 'en' : 'hi' };
}
