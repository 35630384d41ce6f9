import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { Paragraphs, paragraphsOf, textIn } from '@web/components/site-content';
import type { Notice } from './notice';

/**
 * The notice above the registration form's consent box (docs/product-rules.md#notice-and-consent): its title
 * and first paragraph (what is collected), the rest behind "Read the whole notice", and the grievance
 * officer (./notice fetches it before the form shows); a failure points to the privacy policy page.
 */
export default function NoticeText({ page }: { page: Notice }) {
  const { t, i18n } = useTranslation();

  if (!page)
    return (
      <Typography variant="body2" data-testid="notice-failed">
        <RouterLink to="/privacy">{t('sitePages.noticeFailed')}</RouterLink>
      </Typography>
    );
  const { title, body } = textIn(page, i18n.language);
  const [first, ...rest] = paragraphsOf(body);
  return (
    <Box data-testid="notice" data-version={page.version}>
      <Typography variant="subtitle1" component="h2" id="notice-title" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {first && <Paragraphs items={[first]} />}
      {rest.length > 0 && (
        <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'primary.main', py: 0.5 } }}>
          <summary>{t('sitePages.noticeReadMore')}</summary>
          <Paragraphs items={rest} />
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="notice-grievance">
        {t('sitePages.grievanceOfficer', {
          // A setting written in both languages shows the page's side.
          name: inLanguage(page.grievanceOfficerName, i18n.language === 'en' ? 'en' : 'hi'),
          contact: page.grievanceOfficerContact,
        })}
      </Typography>
    </Box>
  );
}
