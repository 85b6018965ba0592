import { PRODUCT_NAME } from '../../src/config';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { LibraryFilters, LibraryPost } from '../shared/messages';
import { savedPostsText } from '../shared/accountText';
import { AccountBox } from './account/AccountBox';
import { HouseAd, showsAd } from './account/HouseAd';
import { OfflineNotice } from './account/OfflineNotice';
import { SignedOutBanner } from './account/SignedOutBanner';
import { StorageCard } from './account/StorageCard';
import { EmptyLibrary } from './feed/EmptyLibrary';
import { FeedSkeleton } from './feed/FeedSkeleton';
import { LoadError } from './feed/LoadError';
import { PostDetail } from './feed/PostDetail';
import { PostsView } from './feed/PostsView';
import { TagEditor } from './feed/TagEditor';
import { UndoToast } from './feed/UndoToast';
import { FilterSidebar } from './filters/FilterSidebar';
import { PrivacyView } from './privacy/PrivacyView';
import { RediscoverView } from './recommendations/RediscoverView';
import { AskLibrary } from './search/AskLibrary';
import { SearchBox } from './search/SearchBox';
import { useSearch } from './search/useSearch';
import { computeStats } from './state/computeStats';
import { countFacets } from './state/countFacets';
import { filterPosts } from './state/filterPosts';
import type { LibrarySource } from './state/librarySource';
import { useHashRoute } from './state/useHashRoute';
import { useLibrary } from './state/useLibrary';
import { useLibraryChanges } from './state/useLibraryChanges';
import { useServerFigures } from './state/useServerFigures';
import { useShortcuts } from './state/useShortcuts';
import { ShortcutsCard } from './ShortcutsCard';
import { ViewNav, VIEW_TITLES } from './ViewNav';
import { BrandMark } from './ui/icons';

// Recharts is loaded only when Analytics opens, so the first cards do not wait for it.
const AnalyticsView = lazy(() => import('./analytics/AnalyticsView'));

/** The library page (dashboard.html): docs/extension.md, "The library page". */
export function App({ source }: { source: LibrarySource }) {
  const lib = useLibrary(source);
  const [route, navigate] = useHashRoute();
  const { view, filters } = route;
  const status = lib.status;
  const signedIn = Boolean(status?.signedIn);
  const account = status?.account;
  const pro = account?.plan === 'premium' && account.aiEnabled !== false;
  const readOnly = lib.offline;
  const online = signedIn && !lib.offline;

  const [opened, setOpened] = useState<LibraryPost | null>(null);
  const [tagging, setTagging] = useState<LibraryPost | null>(null);
  const [current, setCurrent] = useState(-1);
  const [aiAnswer, setAiAnswer] = useState<{ q: string; posts: LibraryPost[] } | null>(null);
  const [note, setNote] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  const changes = useLibraryChanges(source, lib, setNote);

  const visible = useMemo(() => {
    const hidden = new Set(changes.pending?.urls ?? []);
    return hidden.size ? lib.posts.filter((p) => !hidden.has(p.url)) : lib.posts;
  }, [lib.posts, changes.pending]);
  const q = filters.q ?? '';
  const search = useSearch(visible, q);
  const found = aiAnswer && aiAnswer.q === q ? aiAnswer.posts : search.found;
  const shown = useMemo(() => filterPosts(found, filters), [found, filters]);
  const localFacets = useMemo(() => countFacets(found, filters), [found, filters]);
  const serverFacets = useServerFigures(source.ask, 'libraryFacets', filters, online);
  const facets = serverFacets ?? localFacets;
  const serverStats = useServerFigures(source.ask, 'libraryStats', filters, online && view === 'analytics');
  const stats = useMemo(
    () => (view === 'analytics' ? (serverStats ?? computeStats(shown, source.now())) : null),
    [view, serverStats, shown, source],
  );

  const setFilters = (next: LibraryFilters, replace = false) => {
    setCurrent(-1);
    navigate({ view, filters: next }, { replace });
  };
  const onQuery = (value: string) => {
    setNote('');
    setFilters({ ...filters, ...{ q: value || undefined } }, true);
  };
  const deleteWithUndo = useCallback(
    (urls: string[], label: string) => {
      if (readOnly) return setNote('Offline: deleting comes back when Postkeeper can be reached.');
      changes.start(urls, label);
    },
    [readOnly, changes],
  );
  const currentPost = () => shown[Math.max(0, current)];
  useShortcuts(
    {
      search: () => searchBox.current?.focus(),
      move: (step) => {
        if (view !== 'posts' || !shown.length) return;
        setCurrent((c) => Math.min(shown.length - 1, Math.max(0, c + step)));
      },
      editTags: () => {
        const post = currentPost();
        if (view === 'posts' && post && !readOnly) setTagging(post);
      },
      remove: () => {
        const post = currentPost();
        if (view === 'posts' && post) deleteWithUndo([post.url], 'Post deleted.');
      },
    },
    lib.phase === 'ready',
  );

  const total = lib.posts.length;
  const countLine =
    shown.length === visible.length
      ? savedPostsText(visible.length)
      : `${shown.length} of ${savedPostsText(visible.length)}`;
  const pendingCount = lib.posts.filter((p) => p.state === 'pending').length;

  return (
    <div className="lib">
      <a className="lib-skip" href="#main">
        Skip to the library
      </a>
      <header className="lib-head">
        <span className="pk-brand">
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </span>
        <SearchBox ref={searchBox} value={q} onChange={onQuery} />
        <AccountBox status={status} />
      </header>
      {status && !signedIn && <SignedOutBanner webUrl={status.webUrl} />}
      {readOnly && <OfflineNotice onRetry={lib.retry} />}
      <div className="lib-layout">
        <div className="lib-side">
          <ViewNav view={view} onPick={(v) => navigate({ view: v, filters })} />
          {lib.complete && total > 0 && (
            <FilterSidebar facets={facets} filters={filters} onChange={(f) => setFilters(f)} />
          )}
        </div>
        <main id="main" className="lib-main" tabIndex={-1}>
          <div className="lib-main__head">
            <h1>{VIEW_TITLES[view]}</h1>
            <p className="lib-count" role="status">
              {lib.phase === 'ready' && lib.complete ? countLine : 'Loading your saved posts…'}
              {pendingCount > 0 && `, ${pendingCount} waiting to be sent`}
            </p>
            {pro && q && view === 'posts' && (
              <AskLibrary
                query={q}
                posts={visible}
                ask={source.ask}
                onAnswer={(posts, text) => {
                  setAiAnswer(posts ? { q, posts } : null);
                  setNote(text);
                }}
              />
            )}
          </div>
          {note && (
            <p className="lib-note" role="alert">
              {note}
            </p>
          )}
          {lib.phase === 'loading' && <FeedSkeleton />}
          {lib.phase === 'error' && <LoadError message={lib.error} onRetry={lib.retry} />}
          {lib.phase === 'ready' && !lib.complete && total === 0 && <FeedSkeleton />}
          {lib.phase === 'ready' && lib.complete && total === 0 && view !== 'rediscover' && <EmptyLibrary />}
          {lib.phase === 'ready' && total > 0 && view === 'posts' && (
            <>
              {shown.length === 0 && (
                <p className="lib-none">No saved post matches. Try fewer filters or other words.</p>
              )}
              <PostsView
                posts={shown}
                terms={search.terms}
                current={current}
                readOnly={readOnly}
                onOpen={setOpened}
                onEditTags={setTagging}
                onDelete={deleteWithUndo}
              />
            </>
          )}
          {lib.phase === 'ready' && total > 0 && view === 'analytics' && stats && (
            <Suspense fallback={<FeedSkeleton />}>
              <AnalyticsView stats={stats} pro={pro} ask={source.ask} query={q} />
            </Suspense>
          )}
          {lib.phase === 'ready' && view === 'rediscover' && status && (
            <RediscoverView
              pro={pro}
              signedIn={signedIn}
              webUrl={status.webUrl}
              posts={visible}
              ask={source.ask}
              onOpen={setOpened}
            />
          )}
          {lib.phase === 'ready' && total > 0 && view === 'privacy' && (
            <PrivacyView
              posts={lib.posts}
              signedIn={signedIn}
              readOnly={readOnly}
              now={source.now}
              onDeleteAll={changes.deleteAll}
            />
          )}
        </main>
        <div className="lib-rail">
          {status && <StorageCard status={status} postCount={total} />}
          {status && showsAd(account) && <HouseAd webUrl={status.webUrl} />}
          <ShortcutsCard />
        </div>
      </div>
      <UndoToast pending={changes.pending} onUndo={changes.undo} />
      {opened && <PostDetail post={opened} onClose={() => setOpened(null)} />}
      {tagging && (
        <TagEditor
          post={tagging}
          onSave={(tags) => changes.setTags(tagging, tags)}
          onClose={() => setTagging(null)}
        />
      )}
    </div>
  );
}
