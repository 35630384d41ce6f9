import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { FIRST_VIEWS, type FirstViewLanguage, type FirstViewName } from '@shared/routes';
import { PublicPageLayout, SiteLayout } from '../components/SiteLayout';
import HomePage from '../features/home/HomePage';
import { addMessages, setLanguage } from '../lib/i18n/lite';
import enPublic from '../lib/i18n/en?messages=public';
import hiPublic from '../lib/i18n/hi?messages=public';
import { theme } from '../theme';

/**
 * The first view of the pages farmers open most, drawn at build time (frontend/first-views.ts): what the app
 * itself renders first there, in Hindi and in English, before any data is in. Loaded by Vite's server-side module loader in
 * Node; emotion writes each component's styles next to it, and the app's style cache takes them over when it
 * starts, so the app's own first render looks the same and nothing moves when it replaces this view.
 */
const PAGES: Record<FirstViewName, ComponentType> = { home: HomePage };

addMessages('hi', hiPublic);
addMessages('en', enPublic);

export function renderFirstView(name: FirstViewName, lang: FirstViewLanguage): string {
  setLanguage(lang);
  const Page = PAGES[name];
  const path = FIRST_VIEWS[name];
  return renderToString(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route element={<PublicPageLayout />}>
              <Route path={path} element={<Page />} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}
