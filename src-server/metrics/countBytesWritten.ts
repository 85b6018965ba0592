import type { MediaStore } from '../media/mediaStore';

/**
 * The same store, counting the bytes each successful put wrote (postkeeper_storage_bytes_written_total). A
 * proxy rather than a copy, so whatever the store adds besides put keeps working unchanged.
 */
export function countBytesWritten(store: MediaStore, counter: { inc(bytes: number): void }): MediaStore {
  const put: MediaStore['put'] = async (key, bytes) => {
    await store.put(key, bytes);
    counter.inc(bytes.byteLength);
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'put') return put;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
