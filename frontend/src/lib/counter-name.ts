/**
 * The name of the counter this browser serves at (Counter 1, Counter 2…), shown on the queue display when the
 * clerk calls a token. Kept per browser, like the bill layout.
 */
const STORAGE_KEY = 'counterName';
export const DEFAULT_COUNTER_NAME = 'Counter 1';

export function storedCounterName(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY)?.trim() || DEFAULT_COUNTER_NAME;
  } catch {
    return DEFAULT_COUNTER_NAME;
  }
}

export function storeCounterName(name: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, name.trim() || DEFAULT_COUNTER_NAME);
  } catch {
    // Private mode without storage: the name lasts until the page closes.
  }
}
