import { LIST_TAKE } from '@shared/schemas/common';

/** What a catalogue list (crops, producers, farmers) is searched by. */
export interface CatalogueFilter {
  search?: string;
  includeInactive?: boolean;
}

/** The query of a catalogue list: empty values are left out; at most LIST_TAKE rows. */
export const catalogueQuery = (f: CatalogueFilter) => ({
  search: f.search || undefined,
  includeInactive: f.includeInactive || undefined,
  take: LIST_TAKE,
});
