import { PRODUCT_NAME } from '../../src/config';
import type { MessageRow } from './supportColumns';

/** A mailto link answering the sender, the subject naming the product and the original quoted below. */
export function replyLink(m: Pick<MessageRow, 'email' | 'type' | 'message'>): string {
  const subject = `Re: your ${m.type === 'support' ? 'support request' : 'message'} to ${PRODUCT_NAME}`;
  const quoted = m.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\n${quoted}`;
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
