import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface ChartBar {
  key: string;
  label: string;
  value: number;
  text: string;
}

/**
 * A horizontal bar chart: one line per bar, its label, the bar (plain SVG, scaled to the largest value) and the
 * value. Lines of text and a percentage-wide rectangle fit any width from a phone to A4 without measuring.
 */
export function ReportChart({ title, bars }: { title: string; bars: readonly ChartBar[] }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <Box component="figure" aria-label={title} data-testid="report-chart" sx={{ m: 0 }} className="print-avoid-break">
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(72px, 30%) 1fr auto',
          columnGap: 1,
          rowGap: 0.5,
          alignItems: 'center',
        }}
      >
        {bars.map((b) => (
          <Box key={b.key} data-bar={b.key} sx={{ display: 'contents' }}>
            <Typography variant="body2" noWrap title={b.label}>
              {b.label}
            </Typography>
            <svg width="100%" height="18" role="presentation" aria-hidden="true">
              <rect
                x="0"
                y="2"
                height="14"
                width={`${max > 0 ? (b.value / max) * 100 : 0}%`}
                rx="2"
                fill="#2e7d32"
                data-value={b.value}
              />
            </svg>
            <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {b.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
