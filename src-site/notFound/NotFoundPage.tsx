import { Link } from 'react-router-dom';
import { PublicLayout } from '../layout/PublicLayout';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <section className="pk-page">
        <div className="pk-container">
          <div className="pk-page__head" style={{ textAlign: 'center' }}>
            <p className="pk-page__eyebrow">Error 404</p>
            <h1>Page not found</h1>
            <p className="pk-page__lead">The page you are looking for does not exist or has moved.</p>
            <p style={{ marginTop: 28 }}>
              <Link className="pk-btn pk-btn--primary" to="/">
                Back to home
              </Link>
            </p>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
