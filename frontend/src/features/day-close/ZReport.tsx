import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { formatDateTime, formatDay } from '@shared/format';
import { NOTE_VALUES, noteKey, type DayCloseListReply, type DayCloseView } from '@shared/schemas/day-close';
import type { BillLayout } from '@web/lib/bill-layout';
import { kgText, rupees, signedRupees as signed } from './figures';

const PX_PER_MM = 96 / 25.4;
const round2 = (n: number) => Math.round(n * 100) / 100;

function dayTotals(items: readonly DayCloseView[]) {
  const closed = items.filter((d) => d.status === 'closed');
  return {
    bills: items.reduce((s, d) => s + d.bills, 0),
    kg: round2(items.reduce((s, d) => s + d.kg, 0) * 10) / 10,
    cash: round2(items.reduce((s, d) => s + d.cashAmount, 0)),
    online: round2(items.reduce((s, d) => s + d.onlineAmount, 0)),
    counted: round2(closed.reduce((s, d) => s + (d.counted ?? 0), 0)),
    difference: round2(closed.reduce((s, d) => s + (d.difference ?? 0), 0)),
    open: items.length - closed.length,
  };
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{label}</span>
      <Box component="span" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

const cell = { border: '1px solid #000', px: '4px', py: '2px', textAlign: 'left', verticalAlign: 'top' } as const;
const num = { ...cell, textAlign: 'right' } as const;

/**
 * The Z-report of a day: printed only (out of sight on screen, in a portal outside the screen's no-print parts).
 * A4: tables per seller and for the day; 80 / 58 mm: the same as lines on one strip sized to its height.
 */
export function ZReport({ report, layout }: { report: DayCloseListReply; layout: BillLayout }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ref = useRef<HTMLElement>(null);
  const thermal = layout !== 'a4';
  const widthMm = layout === '58mm' ? 58 : 80;
  const [heightMm, setHeightMm] = useState(297);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !thermal) return;
    const measure = () => setHeightMm(Math.ceil(el.getBoundingClientRect().height / PX_PER_MM) + 2);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [thermal, report]);

  const totals = dayTotals(report.items);
  const printedAt = formatDateTime(new Date().toISOString(), lang);
  const onlineBills = (d: DayCloseView) =>
    d.onlinePayments.map((o) => `${o.invoiceNumber} ${rupees(o.amount)} UPI ${o.upiRef || t('counterDesk.noRef')}`).join('; ');
  const crops = (d: DayCloseView) =>
    d.crops.map((c) => `${cropLabel(c, lang)} ${kgText(c.kg)} ${t('dayClose.kgUnit')}`).join(', ');

  const header = (
    <Box sx={{ textAlign: 'center', mb: 1, borderBottom: thermal ? '1px dashed' : '2px solid', pb: 0.5 }}>
      <Box sx={{ fontWeight: 700, fontSize: '1.2em' }}>{t('dayClose.zTitle')}</Box>
      <Box sx={{ fontWeight: 600 }}>{t('home.instituteTitle')}</Box>
      <Box>{t('dayClose.zDay', { date: formatDay(report.date, lang, { long: !thermal }) })}</Box>
      <Box>{t('dayClose.printedAt', { when: printedAt })}</Box>
    </Box>
  );

  const signatures = (
    <Box
      sx={{ mt: thermal ? 4 : 6, display: 'grid', gridTemplateColumns: thermal ? '1fr' : 'repeat(3, 1fr)', gap: thermal ? 5 : 4 }}
    >
      {[t('dayClose.signSeller'), t('dayClose.signChecked'), t('dayClose.signAdmin')].map((who) => (
        <Box key={who} sx={{ borderTop: '1px solid #000', pt: 0.5, textAlign: 'center' }}>
          {who}
        </Box>
      ))}
    </Box>
  );

  const creditNotes = (
    <Box sx={{ mt: 1.5 }}>
      <Box sx={{ fontWeight: 700 }}>{t('dayClose.creditNotes')}</Box>
      {report.creditNotes.length === 0 && <Box>{t('dayClose.noCreditNotes')}</Box>}
      {report.creditNotes.map((n) => (
        <Box key={n.creditNoteNumber} sx={{ mb: 0.5 }} data-testid="z-credit-note">
          <Line label={n.creditNoteNumber}>{rupees(n.amount)}</Line>
          <Box sx={{ fontSize: '0.9em' }}>
            {t('dayClose.creditNoteOf', {
              bill: n.invoiceNumber,
              mode: n.paymentMode === 'Online' ? t('dayClose.online') : t('dayClose.cash'),
            })}{' '}
            · {n.deducted ? t('dayClose.deducted') : t('dayClose.notDeducted')}
          </Box>
        </Box>
      ))}
    </Box>
  );

  const body = thermal ? (
    <>
      {header}
      {report.items.map((d) => (
        <Box key={d.id} sx={{ borderBottom: '1px dashed', pb: 0.75, mb: 0.75 }} data-testid="z-seller">
          <Box sx={{ fontWeight: 700 }}>
            {d.sellerName} · {t(`dayClose.statuses.${d.status}`)}
          </Box>
          <Line label={t('dayClose.bills')}>{d.bills}</Line>
          <Line label={t('dayClose.kg')}>{kgText(d.kg)}</Line>
          {d.crops.length > 0 && <Box sx={{ fontSize: '0.9em' }}>{crops(d)}</Box>}
          <Line label={t('dayClose.cash')}>{rupees(d.cashAmount)}</Line>
          <Line label={t('dayClose.online')}>{rupees(d.onlineAmount)}</Line>
          {d.onlinePayments.length > 0 && (
            <Box sx={{ fontSize: '0.85em', overflowWrap: 'anywhere' }} data-testid="z-online-bills">
              {onlineBills(d)}
            </Box>
          )}
          {d.denominations &&
            NOTE_VALUES.filter((v) => d.denominations![noteKey(v)] > 0).map((v) => (
              <Line key={v} label={`₹${v} × ${d.denominations![noteKey(v)]}`}>
                {rupees(v * d.denominations![noteKey(v)])}
              </Line>
            ))}
          {d.denominations && d.denominations.coins > 0 && (
            <Line label={t('dayClose.coins')}>{rupees(d.denominations.coins)}</Line>
          )}
          {d.counted !== undefined && <Line label={t('dayClose.counted')}>{rupees(d.counted)}</Line>}
          {d.difference !== undefined && (
            <Line label={t('dayClose.difference')}>
              <strong>{signed(d.difference)}</strong>
            </Line>
          )}
          {d.note && <Box sx={{ fontSize: '0.9em' }}>{d.note}</Box>}
        </Box>
      ))}
      <Box sx={{ fontWeight: 700 }}>{t('dayClose.dayTotal')}</Box>
      <Line label={t('dayClose.bills')}>{totals.bills}</Line>
      <Line label={t('dayClose.kg')}>{kgText(totals.kg)}</Line>
      <Line label={t('dayClose.cash')}>{rupees(totals.cash)}</Line>
      <Line label={t('dayClose.online')}>{rupees(totals.online)}</Line>
      <Line label={t('dayClose.counted')}>{rupees(totals.counted)}</Line>
      <Line label={t('dayClose.difference')}>
        <strong>{signed(totals.difference)}</strong>
      </Line>
      {totals.open > 0 && <Box>{t('dayClose.stillOpen', { count: totals.open })}</Box>}
      {creditNotes}
      {signatures}
    </>
  ) : (
    <>
      {header}
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 1.5 }}>
        <thead>
          <tr>
            {[
              t('dayClose.seller'),
              t('dayClose.status'),
              t('dayClose.bills'),
              t('dayClose.kg'),
              t('dayClose.cash'),
              t('dayClose.online'),
              t('dayClose.counted'),
              t('dayClose.difference'),
            ].map((h, i) => (
              <Box component="th" key={h} sx={i < 2 ? cell : num}>
                {h}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.items.map((d) => (
            <tr key={d.id} data-testid="z-seller">
              <Box component="td" sx={cell}>
                {d.sellerName}
                {d.crops.length > 0 && <Box sx={{ fontSize: '0.85em' }}>{crops(d)}</Box>}
                {d.onlinePayments.length > 0 && (
                  <Box sx={{ fontSize: '0.85em' }} data-testid="z-online-bills">
                    {t('dayClose.online')}: {onlineBills(d)}
                  </Box>
                )}
                {d.note && <Box sx={{ fontSize: '0.85em', fontStyle: 'italic' }}>{d.note}</Box>}
              </Box>
              <Box component="td" sx={cell}>
                {t(`dayClose.statuses.${d.status}`)}
              </Box>
              <Box component="td" sx={num}>
                {d.bills}
              </Box>
              <Box component="td" sx={num}>
                {kgText(d.kg)}
              </Box>
              <Box component="td" sx={num}>
                {rupees(d.cashAmount)}
              </Box>
              <Box component="td" sx={num}>
                {rupees(d.onlineAmount)}
              </Box>
              <Box component="td" sx={num}>
                {d.counted === undefined ? '—' : rupees(d.counted)}
              </Box>
              <Box component="td" sx={{ ...num, fontWeight: 700 }}>
                {d.difference === undefined ? '—' : signed(d.difference)}
              </Box>
            </tr>
          ))}
          <Box component="tr" sx={{ fontWeight: 700 }}>
            <Box component="td" sx={cell} colSpan={2}>
              {t('dayClose.dayTotal')}
            </Box>
            <Box component="td" sx={num}>
              {totals.bills}
            </Box>
            <Box component="td" sx={num}>
              {kgText(totals.kg)}
            </Box>
            <Box component="td" sx={num}>
              {rupees(totals.cash)}
            </Box>
            <Box component="td" sx={num}>
              {rupees(totals.online)}
            </Box>
            <Box component="td" sx={num}>
              {rupees(totals.counted)}
            </Box>
            <Box component="td" sx={num}>
              {signed(totals.difference)}
            </Box>
          </Box>
        </tbody>
      </Box>
      {totals.open > 0 && <Box sx={{ mb: 1 }}>{t('dayClose.stillOpen', { count: totals.open })}</Box>}
      <Box sx={{ fontWeight: 700, mb: 0.5 }}>{t('dayClose.denominationsTitle')}</Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 1.5 }}>
        <thead>
          <tr>
            <Box component="th" sx={cell}>
              {t('dayClose.seller')}
            </Box>
            {NOTE_VALUES.map((v) => (
              <Box component="th" key={v} sx={num}>
                ₹{v}
              </Box>
            ))}
            <Box component="th" sx={num}>
              {t('dayClose.coins')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {report.items
            .filter((d) => d.denominations)
            .map((d) => (
              <tr key={d.id}>
                <Box component="td" sx={cell}>
                  {d.sellerName}
                </Box>
                {NOTE_VALUES.map((v) => (
                  <Box component="td" key={v} sx={num}>
                    {d.denominations![noteKey(v)]}
                  </Box>
                ))}
                <Box component="td" sx={num}>
                  {rupees(d.denominations!.coins)}
                </Box>
              </tr>
            ))}
        </tbody>
      </Box>
      {creditNotes}
      {signatures}
    </>
  );

  return createPortal(
    <>
      {/* While the report is on the page, the screen (the app's root) does not print at all, not even its height. */}
      <style>{`@media print { #root { display: none !important; } }`}</style>
      {thermal && (
        <style>{`@media print { @page { size: ${widthMm}mm ${heightMm}mm; margin: 0; } html, body { margin: 0 !important; padding: 0 !important; } }`}</style>
      )}
      <Box
        ref={ref}
        component="article"
        className="z-report"
        data-testid="z-report"
        data-layout={layout}
        aria-hidden
        sx={{
          // Out of sight on screen but laid out, so that the strip's height can be measured.
          position: 'absolute',
          left: '-10000px',
          top: 0,
          visibility: 'hidden',
          width: thermal ? `${widthMm}mm` : '186mm',
          boxSizing: 'border-box',
          px: thermal ? '3mm' : 0,
          py: thermal ? '2mm' : 0,
          bgcolor: '#fff',
          color: '#000',
          fontSize: thermal ? (layout === '58mm' ? 10 : 11.5) : 12,
          lineHeight: 1.35,
          '@media print': { position: 'static', left: 'auto', visibility: 'visible' },
        }}
      >
        {body}
      </Box>
    </>,
    document.body,
  );
}
