/** Loading: the shape of a few cards, never a blank page. */
export function FeedSkeleton() {
  return (
    <div className="lib-skeletons" aria-busy="true" aria-label="Loading saved posts" role="status">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="lib-card lib-skeleton">
          <span className="lib-skeleton__line lib-skeleton__line--short" />
          <span className="lib-skeleton__line" />
          <span className="lib-skeleton__line" />
          <span className="lib-skeleton__line lib-skeleton__line--mid" />
        </div>
      ))}
    </div>
  );
}
