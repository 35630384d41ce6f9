import Typography from '@mui/material/Typography';

/** Text an admin wrote: one paragraph per blank-line-separated part, single line breaks kept. */
export function Paragraphs({ items }: { items: string[] }) {
  return items.map((text, i) => (
    <Typography key={i} variant="body2" component="p" sx={{ whiteSpace: 'pre-line', my: 1, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  ));
}
