/**
 * The public half of the extension's signing key, as the manifest's `key` carries it (base64 DER,
 * SubjectPublicKeyInfo). Chrome derives an unpacked extension's id from it, so every build loaded unpacked has the
 * same id, the one the web app sends its messages to (src/config.ts DEFAULT_EXTENSION_ID). The store signs with
 * its own key: the store zip leaves this out, and a production web build names the published id in
 * VITE_EXTENSION_ID.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmoAlfPdIBNVsiptLk1SVAxxIPEnJpbH16QRwquOZ1uHT9uj4anVvwyNmt1x2LwtZq5YnjPp5+FNKDPrIc4oyq3iJqH47wf0dM+RVqQHzus8hMChRR16+4VNGULBCergRQqsgQLJPnqp8rKFQ8JXjQc4X4RO5wC6JGKzs67DQtPtrsEDxg7P8j3KLvmsKJxIBvgfGsUxyBuRWZLGv2+trKVOOC0mBeRSfnRUfaTyofP3bYVJPLyMnD7Gq1Jt17ozQTRb8mm8sIBoKJMxnoluiZfpF81he6NgLavhvLtc7sz/bCyV8x6Ax+zsNXwjCFbvk6O7bVRntOKnQCRHV6wct3wIDAQAB';
