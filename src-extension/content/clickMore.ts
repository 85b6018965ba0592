/**
 * Clicks a post's "…more" and waits a task: sites may redraw after their click handler returns rather than
 * during it, and a task later the text is whole.
 */
export async function clickMore(more: HTMLElement | null | undefined): Promise<void> {
  if (!more) return;
  more.click();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
