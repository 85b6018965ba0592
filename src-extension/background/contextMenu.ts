import { PRODUCT_NAME } from '../../src/config';
import { saveFromTab, type TabAccess, type TabInfo } from './tabSave';
import type { WorkerContext } from './workerContext';

/** The context menu's one item, on a page and on a link (contextMenus permission). */
export const SAVE_MENU_ITEM = {
  id: 'postkeeper-save',
  title: `Save to ${PRODUCT_NAME}`,
  contexts: ['page', 'link'],
} as const;

/**
 * "Save to Postkeeper" clicked: on a link, the post it points to (as the page's content script reads it, or the
 * link itself); on a page, the post it shows, as the popup's "Save this post" does.
 */
export async function onMenuClick(
  ctx: WorkerContext,
  tabs: TabAccess,
  info: { menuItemId: string | number; linkUrl?: string },
  tab: TabInfo | undefined,
): Promise<void> {
  if (info.menuItemId !== SAVE_MENU_ITEM.id) return;
  await saveFromTab(ctx, tabs, tab, info.linkUrl);
}
