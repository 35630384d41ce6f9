import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A staff screen: a section under its page heading. */
export function StaffPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The outlined box of a screen's add / edit form, under its own heading. */
export function FormPaper({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
