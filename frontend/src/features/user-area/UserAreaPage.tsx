import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '@web/components/use-page-title';
import { UserAreaNav } from './UserAreaNav';

/** A page of the user area: its navigation, then the page under its heading (also the window's title). */
export function UserAreaPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box component="section">
      <UserAreaNav />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The narrow outlined box a user-area page says its piece in. */
export function UserAreaPanel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
      {children}
    </Paper>
  );
}
