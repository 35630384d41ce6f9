import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { AlertProps } from '@mui/material/Alert';

const Alert = lazy(() => import('@mui/material/Alert'));

/** Fetches MUI's Alert ahead of need (the registration form does when first touched). */
export const preloadAlert = () => import('@mui/material/Alert').then(() => undefined);

/**
 * MUI's Alert, fetched when first shown: the public pages show alerts only for errors and notices, so its
 * code (with IconButton and the severity icons) stays off their first load
 * (docs/decisions/0011-public-bundle.md). Until it arrives, which is one small request, the same text and
 * action in a plain box with the same role and test id.
 */
export function LazyAlert(props: AlertProps & { 'data-testid'?: string }) {
  const { children, action, role = 'alert', sx, id } = props;
  const fallback = (
    <Box
      role={role}
      id={id}
      data-testid={props['data-testid']}
      sx={[
        { display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderRadius: 1, bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ flex: 1 }}>{children}</Box>
      {action}
    </Box>
  );
  return (
    <Suspense fallback={fallback}>
      <Alert {...props} />
    </Suspense>
  );
}
