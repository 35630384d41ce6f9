import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QueueReply } from '@shared/schemas/counter';
import { call } from '@web/lib/api';
import { translate } from '@web/lib/i18n/lite';
import { usePageTitle } from '@web/components/use-page-title';

/** How often the display asks again (the answer may be up to 5 s old in a shared cache). */
export const QUEUE_REFRESH_MS = 7_000;

type QueueKey = 'title' | 'nowServing' | 'counter' | 'next' | 'none' | 'idle' | 'offline';

/** One text in Hindi above English: the display is read by farmers and staff alike. */
function Both({ k, variant, color }: { k: QueueKey; variant: 'h1' | 'h2' | 'body1'; color?: string }) {
  const key = `queue.${k}`;
  return (
    <Typography
      component={variant === 'h1' ? 'h1' : variant === 'h2' ? 'h2' : 'p'}
      sx={{
        fontWeight: 700,
        lineHeight: 1.15,
        color,
        fontSize:
          variant === 'h1'
            ? 'clamp(1.6rem, 3.2vw, 4rem)'
            : variant === 'h2'
              ? 'clamp(1.3rem, 2.4vw, 3rem)'
              : 'clamp(1rem, 1.6vw, 2rem)',
      }}
    >
      <span lang="hi">{translate('hi', key)}</span>
      {' / '}
      <span lang="en">{translate('en', key)}</span>
    </Typography>
  );
}

/**
 * The public token queue (/queue): the token each counter is serving and the next ones waiting, in large type,
 * in Hindi and English together; it asks again every few seconds and keeps the last answer while offline.
 * Tokens and counter names only: no farmer is named. Made for a TV at the counter (no site header: SiteLayout):
 * the counters' cards share the width of their column, however many there are, and the type grows with the
 * screen, so a 1920 px display is filled from a distance; on a phone the two parts stack.
 */
export default function QueuePage() {
  const [queue, setQueue] = useState<QueueReply | null>(null);
  const [offline, setOffline] = useState(false);
  // The screen says everything in both languages; the browser's tab, which no one in the hall reads, in the site's.
  const { i18n } = useTranslation();
  usePageTitle(translate(i18n.language === 'en' ? 'en' : 'hi', 'queue.title'));

  useEffect(() => {
    let live = true;
    const load = () =>
      call('GET /api/queue').then(
        (q) => {
          if (!live) return;
          setQueue(q);
          setOffline(false);
        },
        () => live && setOffline(true),
      );
    void load();
    const timer = window.setInterval(() => void load(), QUEUE_REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);

  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', bgcolor: '#0b3d2e', color: '#fff', p: { xs: 2, md: 4 } }}>
      <Both k="title" variant="h1" />
      {offline && (
        <Box role="status" sx={{ mt: 1, color: '#ffd54f' }}>
          <Both k="offline" variant="body1" />
        </Box>
      )}
      <Box
        sx={{
          mt: { xs: 2, md: 4 },
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="queue-serving">
          <Box id="queue-serving">
            <Both k="nowServing" variant="h2" color="#a5d6a7" />
          </Box>
          {queue && queue.serving.length === 0 && <Both k="idle" variant="body1" />}
          <Box
            component="ul"
            data-testid="queue-serving"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 2,
              display: 'grid',
              gap: 2,
              // auto-fit: the cards there are share the column (one counter gets all of it), at least 16rem each.
              gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
            }}
          >
            {(queue?.serving ?? []).map((s) => (
              <Box
                component="li"
                key={s.counter}
                data-counter={s.counter}
                sx={{
                  bgcolor: '#fff',
                  color: '#0b3d2e',
                  borderRadius: 2,
                  p: 2,
                  textAlign: 'center',
                  minWidth: 0,
                  // The token's size follows its card's width: one counter gets a huge number, many still fit theirs.
                  containerType: 'inline-size',
                }}
              >
                <Typography sx={{ fontSize: 'clamp(1.1rem, 2.2vw, 2.6rem)', fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {s.counter}
                </Typography>
                <Typography
                  data-testid="queue-serving-token"
                  sx={{
                    fontSize: 'clamp(4rem, 10vw, 14rem)',
                    '@supports (font-size: 1cqi)': { fontSize: 'clamp(3rem, 36cqi, 14rem)' },
                    fontWeight: 800,
                    lineHeight: 1,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {s.token}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box component="section" aria-labelledby="queue-next">
          <Box id="queue-next">
            <Both k="next" variant="h2" color="#a5d6a7" />
          </Box>
          {queue && queue.next.length === 0 && <Both k="none" variant="body1" />}
          <Box
            component="ol"
            data-testid="queue-next"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 2,
              display: 'grid',
              gap: 1.5,
              // Room for a token of 3 digits in the tokens' own type, as many to a row as the column holds.
              fontSize: 'clamp(2rem, 4.4vw, 6rem)',
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 3.8ch), 1fr))',
            }}
          >
            {(queue?.next ?? []).map((token) => (
              <Box
                component="li"
                key={token}
                sx={{
                  border: '3px solid #a5d6a7',
                  borderRadius: 2,
                  px: 1,
                  textAlign: 'center',
                }}
              >
                {token}
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
