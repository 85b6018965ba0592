import { PRODUCT_NAME } from '../config';
import type { SendResult } from './bridge';

/** docs/product.md#dashboard-and-extension-alerts dashboard and extension alerts. */
export const EXTENSION_TEXT = {
  notFound: `Chrome extension not found. Please install the ${PRODUCT_NAME} Chrome extension.`,
  notChrome: `This feature requires the Chrome browser with the ${PRODUCT_NAME} extension installed.`,
  cannotOpen: `Unable to open extension. Please make sure the ${PRODUCT_NAME} Chrome extension is installed.`,
} as const;

/** The alert for a failed openDashboard, or null when it worked. */
export function extensionAlert(result: SendResult): string | null {
  switch (result) {
    case 'ok':
      return null;
    case 'not-chrome':
      return EXTENSION_TEXT.notChrome;
    case 'not-installed':
      return EXTENSION_TEXT.notFound;
    default:
      return EXTENSION_TEXT.cannotOpen;
  }
}
