import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Fact } from '@shared/public-pages/words';
import { FactValue } from './PublicPageParts';

/**
 * The printed sheets of the public pages' screens (a copy of the bill, the credit note): the sheet, its head and
 * the QR figure. Loaded with the parts those screens fetch on demand, never before their data.
 */

/** The QR code of a printed bill or credit note, with its caption. */
export function QrFigure({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <Box component="figure" sx={{ m: 0, textAlign: 'center', flex: '0 0 auto' }}>
      <Box component="img" src={src} alt={alt} width={150} height={150} sx={{ display: 'block', mx: 'auto' }} />
      <Typography component="figcaption" variant="caption">
        {caption}
      </Typography>
    </Box>
  );
}

/** A printed sheet (a copy of the bill, the credit note): a card on screen, the bare page in print. */
export function PrintSheet({
  testId,
  className,
  spaced = false,
  children,
}: {
  testId: string;
  className: string;
  /** Space under it on screen (the bill's copies stand one under the other). */
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="article"
      data-testid={testId}
      className={className}
      sx={{
        border: 1,
        borderColor: 'grey.400',
        borderRadius: 1,
        p: { xs: 1.5, sm: 2.5 },
        mb: spaced ? 3 : 0,
        bgcolor: 'background.paper',
        '@media print': { border: 0, p: 0, mb: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** The sheet's head, over a rule: who issued it on the left; on the right its label, number and date. */
export function SheetHead({ issuer, label, facts }: { issuer: ReactNode; label?: ReactNode; facts: Fact[] }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        borderBottom: 2,
        borderColor: 'text.primary',
        pb: 1,
        mb: 1.5,
      }}
    >
      {issuer}
      <Box sx={{ textAlign: 'right' }}>
        {label}
        {facts.map((fact) => (
          <Typography variant="body2" key={fact.label}>
            {fact.label}: <FactValue fact={fact} />
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
