import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DayCloseListReply } from '@shared/schemas/day-close';

/**
 * The offline counters prepared that day (docs/decisions/0048-offline-counter.md): each block with its bills,
 * conflicts and the numbers left unused at the reconciliation, so every number of each series is accounted for.
 */
export function OfflineBlocks({ offline }: { offline: NonNullable<DayCloseListReply['offline']> }) {
  const { t } = useTranslation();
  if (!offline.length) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="day-close-offline">
      <Typography variant="subtitle1" component="h3">
        {t('offline.dayCloseTitle')}
      </Typography>
      {offline.map((p) => (
        <Typography key={p.prepId} variant="body2" data-prep={p.prepId}>
          {t('offline.dayCloseLine', {
            code: p.code,
            from: p.blockFrom,
            to: p.blockTo,
            bills: p.bills,
            conflicts: p.conflicts,
            unused: p.closedAt ? p.unused.join(', ') || t('offline.none') : t('offline.notReconciled'),
          })}
        </Typography>
      ))}
    </Box>
  );
}
