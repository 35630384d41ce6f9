import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { formatRupees } from '@shared/format';
import type { LotResponse } from '@shared/schemas/lots';
import { compactTableSx, pinnedEndSx } from '@web/components/list-table';
import { StaffTable, type StaffColumn } from '@web/components/StaffTable';

const kgFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const qFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });
const kg = (v: number) => kgFmt.format(v);
/** 1 quintal = 100 kg. */
const quintal = (v: number) => qFmt.format(v / 100);
const rupees = (v: number) => formatRupees(v);

const pinActions = pinnedEndSx();

interface LotsTableProps {
  /** null while loading. */
  rows: LotResponse[] | null;
  loadError: string;
  canEdit: boolean;
  onEdit: (lot: LotResponse) => void;
  onQr: (lot: LotResponse) => void;
}

/** The lots in kg and quintal with their price per kg, with Edit (admins) and QR pinned at the right edge. */
export function LotsTable({ rows, loadError, canEdit, onEdit, onQr }: LotsTableProps) {
  const { t, i18n } = useTranslation();
  const amount = (header: string, value: (l: LotResponse) => string): StaffColumn<LotResponse> => ({
    header,
    cell: value,
    align: 'right',
  });
  const columns: StaffColumn<LotResponse>[] = [
    { header: t('lots.colCode'), cell: (l) => l.lotCode, sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' } },
    { header: t('lots.colProducer'), cell: (l) => l.producerName },
    { header: t('lots.colCrop'), cell: (l) => cropLabel(l, i18n.language) },
    { header: t('lots.colYear'), cell: (l) => l.year },
    amount(t('lots.colTotalKg'), (l) => kg(l.quantityAvailable)),
    amount(t('lots.colUsedKg'), (l) => kg(l.quantityUsed)),
    amount(t('lots.colRemainingKg'), (l) => kg(l.remaining)),
    amount(t('lots.colTotalQ'), (l) => quintal(l.quantityAvailable)),
    amount(t('lots.colUsedQ'), (l) => quintal(l.quantityUsed)),
    amount(t('lots.colRemainingQ'), (l) => quintal(l.remaining)),
    amount(t('lots.colPrice'), (l) => rupees(l.pricePerUnit)),
    {
      header: t('common.actions'),
      align: 'right',
      sx: pinActions,
      headerSx: pinActions,
      cell: (l) => (
        <>
          {canEdit && (
            <Button size="small" onClick={() => onEdit(l)}>
              {t('catalogue.edit')}
            </Button>
          )}
          <Button size="small" onClick={() => onQr(l)}>
            {t('lots.qr')}
          </Button>
        </>
      ),
    },
  ];
  return (
    <StaffTable
      label={t('lots.title')}
      tableSx={compactTableSx}
      columns={columns}
      rows={rows}
      rowKey={(l) => l.lotID}
      rowProps={(l) => ({ hover: true, 'data-lot-code': l.lotCode })}
      emptyText={t('catalogue.empty')}
      hideEmpty={!!loadError}
    />
  );
}
