import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Fact } from '@shared/public-pages/words';

/**
 * The facts of the public pages' shared views (shared/public-pages) on the app's screens, as the functions' pages
 * draw them in HTML (functions/lib/pages/facts.ts): a value, a table, a titled table. The printed sheet around
 * them is ./PrintedSheet.tsx.
 */

/** A fact's value: bold, a link, marked with its test id, as the fact says. */
export function FactValue({ fact }: { fact: Fact }) {
  if (fact.href) {
    return (
      <Box component="a" sx={{ color: 'primary.main' }} href={fact.href} data-testid={fact.testId}>
        {fact.value}
      </Box>
    );
  }
  if (fact.strong) return <strong data-testid={fact.testId}>{fact.value}</strong>;
  return fact.testId ? <span data-testid={fact.testId}>{fact.value}</span> : <>{fact.value}</>;
}

/** The facts as the rows of a table: the label in a row header, the value beside it. */
export function FactTable({ facts }: { facts: Fact[] }) {
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
      <tbody>
        {facts.map((fact) => (
          <Box component="tr" key={fact.label}>
            <Box
              component="th"
              scope="row"
              sx={{
                textAlign: 'left',
                fontWeight: 500,
                pr: 2,
                py: 0.4,
                verticalAlign: 'top',
                width: '42%',
                color: 'text.secondary',
              }}
            >
              {fact.label}
            </Box>
            <Box component="td" sx={{ py: 0.4 }}>
              <FactValue fact={fact} />
            </Box>
          </Box>
        ))}
      </tbody>
    </Box>
  );
}

/** A titled table: a block of a bill. */
export function FactSection({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <Box component="section" sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ borderBottom: 1, borderColor: 'divider', mb: 0.5 }}>
        {title}
      </Typography>
      <FactTable facts={facts} />
    </Box>
  );
}
