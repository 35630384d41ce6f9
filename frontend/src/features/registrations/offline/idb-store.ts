/**
 * The offline counter's browser storage (docs/decisions/0048-offline-counter.md): one IndexedDB object store of
 * named values, kept across a reload and a browser restart. A few lines over the browser's own API instead of a
 * library: the counter stores three values and reads them whole.
 */
const DB = 'offline-counter';
const STORE = 'kv';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let db: Promise<IDBDatabase> | undefined;
const database = () => (db ??= open());

export async function getValue<T>(key: string): Promise<T | undefined> {
  const d = await database();
  return new Promise((resolve, reject) => {
    const req = d.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    req.onsuccess = () => resolve(req.result as T | undefined);
    req.onerror = () => reject(req.error);
  });
}

/** Writes every value given in one transaction: all land or none. */
export async function setValues(values: Record<string, unknown>): Promise<void> {
  const d = await database();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, 'readwrite');
    const s = tx.objectStore(STORE);
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) s.delete(k);
      else s.put(v, k);
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
