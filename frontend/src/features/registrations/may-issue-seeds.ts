import type { RegistrationRow } from '@shared/schemas/registration';

/** Seed is issued only against a confirmed registration not billed yet (waitlisted, applied, expired and cancelled ones have no seed promised). */
export const mayIssueSeeds = (row: Pick<RegistrationRow, 'status' | 'isBilled'>) => !row.isBilled && row.status === 'confirmed';
