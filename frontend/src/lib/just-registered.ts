/**
 * What the registration form hands the appointment letter when it opens it right after a registration
 * (router state), so the letter can say 'registered' (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
export interface JustRegistered {
  registered: true;
  /** The same registration, made earlier by an identical submission. */
  existing: boolean;
}

export const isJustRegistered = (state: unknown): state is JustRegistered =>
  typeof state === 'object' && state !== null && (state as JustRegistered).registered === true;
