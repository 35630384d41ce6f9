import type { TFunction } from 'i18next';
import { isKnownConfigKey } from '@shared/config-keys';
import { formatRupees } from '@shared/format';
import { ROLES } from '@shared/roles';
import { roleLabel } from '@web/lib/role-label';
import { settingLabel } from '@web/lib/setting-words';

/**
 * The audit log as people read it (docs/product-rules.md#the-audit-log-speaks-the-screens-words): each changed
 * field by its label (a setting by the label of the Settings and Configs pages), stock in kg, prices in rupees
 * per kg, the weekly off day by its name, yes/no for switches, roles by name, and "This machine" for a request
 * from the server's own machine. The log stores what the code wrote; only its reading changes.
 */
export interface AuditWords {
  /** A changed field's label: `remainingGrams` → 'Remaining stock', `lot L1 usedGrams` → 'Lot L1: sold'. */
  field(name: string): string;
  /** A value as stored, read for its field ('' → '—'). */
  value(field: string, text: string): string;
  /** Where the change came from. */
  address(ip: string): string;
}

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** Settings and fields that hold true or false. */
const SWITCHES = new Set(['isActive', 'Is_SVS_Form_On', 'AcceptOtherDays', 'isSubsidized']);
/** A field that names a lot's stock on another record (a sale's, a credit note's entry). */
const LOT_FIELD = /^lot (\S+) (\w+)$/;

/** The server's own machine: a loopback address (IPv4, IPv6 or IPv4 mapped into IPv6). */
export function isLocalAddress(ip: string): boolean {
  const v = ip.trim().toLowerCase();
  return v === '::1' || v === 'localhost' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(v);
}

/** An action as people read it ('lot.create' → 'Lot added'); an action with no label yet shows its code. */
export function actionLabel(t: TFunction, action: string): string {
  return lookup(t, `auditActions.${action}`) ?? action;
}

function lookup(t: TFunction, key: string): string | undefined {
  const text = t(key as never);
  return text === key ? undefined : text;
}

export function auditWords(t: TFunction): AuditWords {
  const plainField = (name: string) =>
    isKnownConfigKey(name) ? settingLabel(t, name) : (lookup(t, `auditText.fields.${name}`) ?? name);
  const base = (field: string) => LOT_FIELD.exec(field)?.[2] ?? field;
  const yesNo = (field: string, v: string) => {
    if (field === 'Is_SVS_Form_On') return v === 'true' || v === '1' ? t('auditText.open') : t('auditText.closed');
    return v === 'true' || v === '1' ? t('auditText.yes') : t('auditText.no');
  };
  return {
    field(name) {
      const lot = LOT_FIELD.exec(name);
      return lot ? t('auditText.lotField', { code: lot[1], field: plainField(lot[2]) }) : plainField(name);
    },
    value(field, text) {
      if (text === '') return '—';
      const name = base(field);
      const n = Number(text);
      const numeric = text.trim() !== '' && Number.isFinite(n);
      if (name.endsWith('Grams') && numeric)
        return t('auditText.kg', { value: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n / 1000) });
      if (name === 'pricePaise' && numeric) return t('auditText.pricePerKg', { value: formatRupees(n / 100) });
      if (name === 'WeeklyOffDay' && numeric)
        return n >= 0 && n <= 6 ? t(`settings.weekdays.${WEEKDAY_KEYS[n]}`) : t('settings.none');
      if (SWITCHES.has(name) && /^(true|false|1|0)$/.test(text)) return yesNo(name, text);
      if (name === 'kind' && (text === 'person' || text === 'organisation')) return t(`producerKinds.${text}`);
      if (name === 'rules') {
        // A crop's quantity choices, as the Crops page words them.
        try {
          const r = JSON.parse(text) as {
            unit?: string;
            minQty?: number;
            maxQty?: number;
            defaultQty?: number;
            bagSizeKg?: number;
          };
          if (r && typeof r === 'object' && (r.unit === 'bag' || r.unit === 'kg'))
            return t(r.unit === 'bag' ? 'crops.rulesSummaryBag' : 'crops.rulesSummaryKg', {
              min: r.minQty,
              max: r.maxQty,
              def: r.defaultQty,
              size: r.bagSizeKg,
            });
        } catch {
          // Not the rules' JSON: shown as stored.
        }
      }
      if (name === 'roleIds') {
        try {
          const ids = JSON.parse(text) as unknown;
          if (Array.isArray(ids))
            return ids.map((id) => (ROLES[Number(id) - 1] ? roleLabel(t, ROLES[Number(id) - 1]) : `#${id}`)).join(', ') || '—';
        } catch {
          // Not a list: shown as stored.
        }
      }
      return text;
    },
    address: (ip) => (isLocalAddress(ip) ? t('auditText.thisMachine') : ip),
  };
}
