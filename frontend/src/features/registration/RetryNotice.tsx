import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { loadStatusMessages } from '@web/lib/i18n';
import type { RetryNotice as Notice } from '@web/lib/retry';

/**
 * The site was too busy and the form is being sent again (docs/product-rules.md#nobody-turned-away-unseen): when,
 * and which try. A paragraph, not an Alert: an Alert is role="alert", which would interrupt instead of waiting its
 * turn in the page's polite live region. Its own chunk, with its texts (the status part, lib/i18n/parts.ts): shown
 * only when the site is busy.
 */
export default function RetryNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  return (
    <Box component="p" sx={{ my: 1, px: 1.5, py: 1, borderLeft: 4, borderColor: 'info.main', bgcolor: 'action.hover' }}>
      {t('sitePages.busyRetrying', {
        seconds: Math.max(1, Math.round(notice.waitMs / 1000)),
        retry: notice.retry + 1,
        of: notice.of + 1,
      })}
    </Box>
  );
}

/** The form's message when the site stayed too busy through every resend (the status part loaded first). */
export async function gaveUpText(t: (key: 'sitePages.busyGaveUp') => string): Promise<string> {
  await loadStatusMessages();
  return t('sitePages.busyGaveUp');
}
