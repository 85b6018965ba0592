import type { ReactNode } from 'react';
import './alert.css';

/**
 * A message box. An error is announced at once (`alert`), anything else politely (`status`); `announce={false}`
 * leaves that to a live region around it.
 */
export function Alert({
  kind,
  announce = true,
  as: Tag = 'p',
  children,
}: {
  kind: 'error' | 'success';
  announce?: boolean;
  as?: 'p' | 'div';
  children: ReactNode;
}) {
  const role = !announce ? undefined : kind === 'error' ? 'alert' : 'status';
  return (
    <Tag className={`pk-alert pk-alert--${kind}`} role={role}>
      {children}
    </Tag>
  );
}
