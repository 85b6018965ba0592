/**
 * docs/product.md#console-flagged-users Top Reasons: the text before the first colon of the most common reasons, without repeats
 * (two detailed reasons of one kind show once), most common first.
 */
export function topReasons(reasons: readonly { reason: string }[], limit = 3): string[] {
  const out: string[] = [];
  for (const { reason } of reasons) {
    const head = reason.split(':')[0].trim();
    if (head && !out.includes(head)) out.push(head);
    if (out.length === limit) break;
  }
  return out;
}
