import { createTheme } from '@mui/material/styles';

/** One theme for the whole app: Noto Sans for Latin, Noto Sans Devanagari for Hindi (both self-hosted, 400 and 600). */
export const theme = createTheme({
  palette: {
    // Dark enough for white text at 4.5:1 (WCAG AA), also under the 16-20% white overlays of active links and chips.
    primary: { main: '#285f2a' },
    secondary: { main: '#9c5c00' },
    background: { default: '#f6f7f4' },
  },
  typography: {
    fontFamily: '"Noto Sans", "Noto Sans Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    // Only 400 and 600 are shipped: map medium and bold onto 600.
    fontWeightMedium: 600,
    fontWeightBold: 600,
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
});
