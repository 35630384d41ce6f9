import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './router';

/**
 * The app itself (React DOM, MUI, the router and the layouts), loaded by main.tsx next to the page's code
 * and messages. Renders once the page's screen is in, so that the first render shows the page; the render
 * is a transition, so React works in short slices and a slow phone's main thread is never blocked long.
 */
export async function renderApp(pathname: string): Promise<void> {
  await preloadRoute(pathname);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
