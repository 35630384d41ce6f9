import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportJobReply, ExportKind } from '@shared/schemas/exports';
import { call, errorMessage } from '@web/lib/api';
import { callForFile } from '@web/lib/api-file';
import { saveBlob } from '@web/lib/save-blob';

export interface ExportButtonProps {
  kind: ExportKind;
  /** The list's filters as the list sends them (the file holds every match, not one page). */
  query: Record<string, string | number | boolean | null | undefined>;
  disabled?: boolean;
}

const JOB_POLL_MS = 1000;

async function saveFromLink(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  saveBlob(await res.blob(), fileName);
}

/**
 * Export (a menu: CSV or Excel) for a staff list: the file downloads with the list's current filters. A large
 * export runs as a job on the server: its progress shows (rows done of the total) until the file is ready, then
 * it downloads through a link of a few minutes (docs/decisions/0027-exports.md).
 */
export function ExportButton({ kind, query, disabled }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<ExportJobReply | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState('');
  // Polling stops when the screen is left.
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const run = useMutation({
    mutationFn: async (format: ExportFormat) => {
      const answer = await callForFile('GET /api/export/{kind}', { params: { kind }, query: { ...query, format } });
      if ('file' in answer) {
        saveBlob(answer.file, answer.fileName);
        return;
      }
      let job = answer.data;
      while (job.status === 'running' && alive.current) {
        setProgress(job);
        await new Promise((r) => window.setTimeout(r, JOB_POLL_MS));
        job = await call('GET /api/export/jobs/{id}', { params: { id: job.id } });
      }
      setProgress(null);
      if (!alive.current) return;
      if (job.status !== 'done' || !job.url) throw new Error(job.message || t('exports.failed'));
      setDownloading(true);
      await saveFromLink(job.url, job.fileName);
    },
    onError: (e) => setError(errorMessage(e, t('exports.failed'))),
    onSettled: () => {
      setProgress(null);
      setDownloading(false);
    },
  });

  const choose = (format: ExportFormat) => {
    setAnchor(null);
    setError('');
    run.mutate(format);
  };
  const busy = run.isPending;
  const total = progress?.rowsTotal;
  const nf = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
        minWidth: 0,
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled || busy}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        data-testid="export-button"
      >
        {t('exports.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('csv')} data-testid="export-csv">
          {t('exports.csv')}
        </MenuItem>
        <MenuItem onClick={() => choose('xlsx')} data-testid="export-xlsx">
          {t('exports.xlsx')}
        </MenuItem>
      </Menu>
      {busy && (
        <Box role="status" data-testid="export-progress" sx={{ width: { xs: '100%', sm: 320 }, alignSelf: 'stretch' }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {downloading
              ? t('exports.downloading')
              : progress && total !== undefined
                ? t('exports.progress', { done: nf.format(progress.rowsDone), total: nf.format(total) })
                : t('exports.preparing')}
          </Typography>
          {progress && total ? (
            <LinearProgress
              key="rows"
              variant="determinate"
              value={Math.min(100, Math.round((progress.rowsDone / total) * 100))}
              aria-label={t('exports.progressLabel')}
            />
          ) : (
            <LinearProgress key="waiting" aria-label={t('exports.progressLabel')} />
          )}
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError('')} data-testid="export-error" sx={{ alignSelf: 'stretch' }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
