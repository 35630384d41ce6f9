import * as z from 'zod';

// Apart from the registration schemas: those go to every farmer's phone, this only to the admins' screen.
/** GET /api/appointments/capacity: how many working days ahead to show. */
export const CAPACITY_DAYS_DEFAULT = 14;
export const CapacityQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a number from 1 to 60' })
    .int('days must be a number from 1 to 60')
    .min(1, 'days must be a number from 1 to 60')
    .max(60, 'days must be a number from 1 to 60')
    .default(CAPACITY_DAYS_DEFAULT),
});
