import { useEffect, useState } from 'react';
import { loadStatusMessages } from '@web/lib/i18n';

export type SupplyParts = typeof import('./supply-parts');

/**
 * The bill-of-supply parts and their texts, fetched when first `needed` (./supply-parts.ts). Undefined until
 * both are in; the page shows the bill then, so that a print started on load has every line.
 */
export function useSupplyParts(needed: boolean): SupplyParts | undefined {
  const [parts, setParts] = useState<SupplyParts>();
  useEffect(() => {
    if (!needed || parts) return;
    let live = true;
    void Promise.all([import('./supply-parts'), loadStatusMessages()]).then(([m]) => live && setParts(m));
    return () => {
      live = false;
    };
  }, [needed, parts]);
  return parts;
}
