import { lazy, Suspense, useState } from 'react';
import type { ContactModalProps } from './ContactModal';

// The footer of every page offers the form, but few visitors open it: its code (form, dialog, upload checks)
// arrives on the first open instead of with the landing page (docs/PERFORMANCE.md).
const ContactModal = lazy(() => import('./ContactModal').then((m) => ({ default: m.ContactModal })));

/** The contact and support form, loaded when first opened and kept mounted afterwards, as the eager one was. */
export function LazyContactModal(props: ContactModalProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ContactModal {...props} />
    </Suspense>
  );
}
