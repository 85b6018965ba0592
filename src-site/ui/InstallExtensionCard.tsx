import { EXTENSION_DASHBOARD_URL, EXTENSION_STORE_URL, PRODUCT_NAME } from '../../src/config';
import { useOpenExtension } from './useOpenExtension';
import { Card } from './Card';

/** The install-the-extension card: the store listing and the extension's own dashboard. */
export function InstallExtensionCard({ title = 'Install the extension' }: { title?: string }) {
  const openExtension = useOpenExtension();
  return (
    <Card titleId="install-card-title" title={title}>
      <p>
        {PRODUCT_NAME} saves posts from X, LinkedIn, Reddit, Instagram and Pinterest with one click. Add it to
        Chrome, then open its dashboard to search, tag and review everything you saved.
      </p>
      <div className="pk-actions">
        <a
          className="pk-btn pk-btn--primary"
          href={EXTENSION_STORE_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          Get it on the Chrome Web Store
        </a>
        <a
          className="pk-btn pk-btn--ghost"
          href={EXTENSION_DASHBOARD_URL}
          onClick={(e) => {
            // Pages can't navigate to chrome-extension:// URLs; the extension opens its dashboard itself.
            e.preventDefault();
            void openExtension();
          }}
        >
          Open the extension dashboard
        </a>
      </div>
    </Card>
  );
}
