import { useCallback } from 'react';
import { extensionAlert } from '../../src/extension/extensionTexts';
import { openExtensionDashboard } from '../../src/extension/openDashboard';

/** Asks the extension to open its dashboard; tells the user, in the spec's words, when it can't. */
export function useOpenExtension(): () => Promise<void> {
  return useCallback(async () => {
    const alertText = extensionAlert(await openExtensionDashboard());
    if (alertText) window.alert(alertText);
  }, []);
}
