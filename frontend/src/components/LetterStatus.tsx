import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { letterStatusBlock, type LetterStanding } from '@shared/public-pages/letter-status';
import { usePageWords } from '@web/lib/page-words';

export type { LetterStanding };

const TONES = {
  go: { bgcolor: '#e8f3ea', borderColor: 'success.main' },
  wait: { bgcolor: '#fff6e0', borderColor: 'warning.main' },
  ended: { bgcolor: '#f1f1f1', borderColor: 'text.secondary' },
} as const;

/**
 * Where the registration stands, at the top of the letter and on the success card: the block that
 * shared/public-pages/letter-status.ts words (docs/product-rules.md#the-letter-shows-where-the-registration-stands).
 * A billed letter keeps its bill line instead. Printed as it is shown, in black on white.
 */
export function LetterStatus({ letter, testIds = true }: { letter: LetterStanding; testIds?: boolean }) {
  const { t, lang } = usePageWords();
  const block = letterStatusBlock(letter, t, lang);
  if (!block) return null;
  const testId = (id: string) => (testIds ? id : undefined);
  return (
    <Box
      role="status"
      data-testid={testId('letter-status')}
      data-status={block.status}
      sx={{
        ...TONES[block.tone],
        border: 2,
        borderRadius: 1,
        px: { xs: 1.5, sm: 2 },
        py: 1,
        mb: 2,
        '@media print': { bgcolor: 'transparent', border: '2px solid #000', color: '#000' },
      }}
    >
      <Typography
        component="p"
        sx={{ fontWeight: 700, fontSize: '1.15rem', lineHeight: 1.3 }}
        data-testid={testId('letter-status-headline')}
      >
        {block.headline}
      </Typography>
      {block.lines.map((line) => (
        <Typography
          key={line.id}
          component="p"
          sx={line.strong ? { fontWeight: 700, fontSize: '1.1rem', mt: 0.5 } : { mt: 0.5 }}
          data-testid={testId(line.id)}
        >
          {line.text}
        </Typography>
      ))}
    </Box>
  );
}
