import Typography from '@mui/material/Typography';
import { formatDate, formatTime } from '@shared/format';

/** A moment in a list cell: the date, and the time under it in small grey type. */
export function DateAndTime({ iso, lang }: { iso: string; lang: string }) {
  return (
    <>
      {formatDate(iso, lang)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatTime(iso, lang)}
      </Typography>
    </>
  );
}
