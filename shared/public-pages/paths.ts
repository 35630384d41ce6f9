/**
 * The public pages' addresses, as their QR codes and links open them: the token (random, base64url) is what lets
 * a reader of the printed bill or credit note see more than that it exists. No zod here, so the app's public
 * screens can import it; shared/schemas/sales.ts and credit-notes.ts re-export these for the functions.
 */
const withToken = (path: string, token: string | undefined) => (token ? `${path}?t=${encodeURIComponent(token)}` : path);

export const billPath = (invoiceNumber: string, token?: string) => withToken(`/bill/${encodeURIComponent(invoiceNumber)}`, token);

export const creditNotePath = (number: string, token?: string) => withToken(`/credit-note/${encodeURIComponent(number)}`, token);

/** The appointment letter's address: its code is what opens it. */
export const letterPath = (code: string) => `/svs/appointment/${encodeURIComponent(code)}`;
