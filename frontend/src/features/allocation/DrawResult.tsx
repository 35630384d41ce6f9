import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { DrawReply } from '@shared/schemas/replies/allocation';
import { kgText } from './api';

/** Rows per page of the ordered list: a draw may have thousands of applicants. */
export const DRAW_PAGE_SIZE = 100;

const kg = (grams: number) => kgText(grams / 1000);

/**
 * The published result of a crop's draw: the algorithm, the seed, the stock and what the draw promised, each
 * reserved share with its quota and what was filled, then every registration number in draw order with its
 * outcome (confirmed, or its waiting-list number), a page of 100 at a time.
 */
export function DrawResult({ draw }: { draw: DrawReply }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const total = draw.entries.length;
  const from = page * DRAW_PAGE_SIZE;
  const rows = draw.entries.slice(from, from + DRAW_PAGE_SIZE);
  const facts: [string, string][] = [
    [t('allocation.seed'), draw.seed],
    [t('allocation.algorithm'), t('allocation.algorithmText', { method: draw.algorithm })],
    [t('allocation.stockAtDraw'), t('allocation.kg', { value: kg(draw.stockGrams) })],
    [t('allocation.promisedAtDraw'), t('allocation.kg', { value: kg(draw.promisedGrams) })],
  ];
  return (
    <Box component="section" aria-labelledby="draw-result-title" data-testid="draw-result">
      <Typography id="draw-result-title" variant="h6" component="h3" gutterBottom>
        {t('allocation.result')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('allocation.drawnOn', { when: formatDateTime(draw.drawnOn, i18n.language) })}
      </Typography>
      {/* The farmers' page of the same result (the allocation function's page, not a screen of the app). */}
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        <Link href={`/draw/${draw.cropId}/${draw.year}`} target="_blank" rel="noopener" data-testid="draw-public-link">
          {t('allocation.publicPage')}
        </Link>
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          m: 0,
          mb: 2,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd data-testid={k === t('allocation.seed') ? 'draw-seed' : undefined}>{v}</dd>
          </Box>
        ))}
        <dt>{t('allocation.shares')}</dt>
        <dd>
          {draw.shares.length === 0
            ? t('allocation.noShares')
            : draw.shares.map((s) => (
                <Box key={s.name} component="span" sx={{ display: 'block' }}>
                  {t('allocation.shareLine', {
                    name: s.name,
                    percent: s.percent,
                    filled: kg(s.filledGrams),
                    quota: kg(s.quotaGrams),
                  })}{' '}
                  ({s.filledGrams >= s.quotaGrams ? t('allocation.shareMet') : t('allocation.shareNotMet')})
                </Box>
              ))}
        </dd>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="draw-order-note">
        {t('allocation.drawOrderNote')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('allocation.result')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('allocation.rank')}</TableCell>
              <TableCell>{t('allocation.regNo')}</TableCell>
              <TableCell>{t('allocation.outcome')}</TableCell>
              <TableCell align="right">{t('allocation.qty')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id} data-testid="draw-entry" data-outcome={e.outcome}>
                <TableCell>{e.rank}</TableCell>
                <TableCell>{e.id}</TableCell>
                <TableCell>
                  {e.outcome === 'confirmed'
                    ? t('allocation.outcomeConfirmed')
                    : t('allocation.outcomeWaitlisted', { position: e.waitlistPosition ?? '—' })}
                  {e.reservedFor && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                      {t('allocation.reservedFor', { share: e.reservedFor })}
                    </Box>
                  )}
                </TableCell>
                <TableCell align="right">{kg(e.grams)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > DRAW_PAGE_SIZE && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {t('allocation.previous')}
          </Button>
          <Typography variant="body2" data-testid="draw-page">
            {t('allocation.page', { from: from + 1, to: Math.min(from + DRAW_PAGE_SIZE, total), total })}
          </Typography>
          <Button size="small" disabled={from + DRAW_PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
            {t('allocation.next')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
