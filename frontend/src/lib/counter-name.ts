/**
 * The name of the counter this browser serves at (Counter 1, Counter 2…), shown on the queue display when the
 * clerk calls a token. Kept per browser, like the bill layout; there is no default, so that two computers never
 * call tokens under one name: the clerk names the counter before the first Issue.
 */
const STORAGE_KEY = 'counterName';

export function storedCounterName(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY)?.trim() ?? '';
  } catch {
    return memoryName;
  }
}

let memoryName = '';

export function storeCounterName(name: string): void {
  memoryName = name.trim();
  try {
    if (memoryName) window.localStorage.setItem(STORAGE_KEY, memoryName);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the name lasts until the page closes.
  }
}
