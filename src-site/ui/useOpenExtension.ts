import { useCallback } from 'react';
import { sendToExtension } from '../../src/extension/bridge';
import { extensionAlert } from '../../src/extension/extensionTexts';

/** Asks the extension to open its dashboard; tells the user, in the spec's words, when it can't. */
export function useOpenExtension(): () => Promise<void> {
  return useCallback(async () => {
    const alertText = extensionAlert(await sendToExtension('openDashboard'));
    if (alertText) window.alert(alertText);
  }, []);
}
