import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { PageAnswers, PageRequest } from '../../src-extension/shared/askWorker';
import type { LibraryPost, StatusAnswer } from '../../src-extension/shared/messages';
import { App } from '../../src-extension/library/App';
import type { LibrarySource } from '../../src-extension/library/state/librarySource';

// The library page in jsdom with a fake source: the local copy is a list, and the worker's answers are what each
// test says (the page talks to nothing else).

export const NOW = Date.parse('2026-06-17T12:00:00Z');

let n = 0;
/** A saved post; `daysAgo` sets when it was saved. */
export function post(fields: Partial<LibraryPost> & { daysAgo?: number } = {}): LibraryPost {
  const { daysAgo = n, ...rest } = fields;
  n += 1;
  return {
    url: `https://x.com/someone/status/${1000 + n}`,
    platform: 'x',
    author: 'Someone',
    authorHandle: '@someone',
    title: '',
    text: `Post number ${n}`,
    postedAt: null,
    savedAt: new Date(NOW - daysAgo * 86_400_000).toISOString(),
    state: 'saved',
    tags: [],
    category: null,
    postId: null,
    images: [],
    ...rest,
  };
}

export const SIGNED_OUT: StatusAnswer = {
  signedIn: false,
  localCount: 0,
  pendingCount: 0,
  webUrl: 'https://app.example',
  apiUrl: 'https://app.example/api',
};

export const account = (plan: 'free' | 'premium', showAds = plan === 'free'): StatusAnswer => ({
  ...SIGNED_OUT,
  signedIn: true,
  account: {
    email: 'ada@example.com',
    plan,
    storageUsed: 12.5 * 1048576,
    storageLimit: (plan === 'free' ? 1 : 10) * 1073741824,
    showAds,
    aiEnabled: plan === 'premium',
  },
});

type Answers = { [K in keyof PageAnswers]?: PageAnswers[K] | ((r: PageRequest) => PageAnswers[K]) };

export interface FakeLibrary {
  source: LibrarySource;
  /** Every request the page sent the worker. */
  asked: PageRequest[];
  posts: LibraryPost[];
}

/**
 * A fake source: `posts` as the local copy (newest first as given), the worker answering `answers` (status
 * signed out, no server figures, every change done, unless told otherwise). `read` replaces the copy's reader
 * (to fail or hang).
 */
export function fakeLibrary(
  posts: LibraryPost[],
  answers: Answers = {},
  read?: () => Promise<LibraryPost[]>,
): FakeLibrary {
  const asked: PageRequest[] = [];
  const defaults: Answers = {
    status: SIGNED_OUT,
    syncLibrary: { online: true },
    libraryFacets: { facets: null },
    libraryStats: { stats: null },
    updateTags: { ok: true },
    deletePosts: { ok: true },
    deleteAll: { ok: true },
    aiTask: { ok: false, message: 'No AI here' },
  };
  const fake: FakeLibrary = {
    asked,
    posts,
    source: {
      readPosts: read ?? (async () => [...fake.posts]),
      ask: (async (request: PageRequest) => {
        asked.push(request);
        const answer = answers[request.type] ?? defaults[request.type];
        return typeof answer === 'function' ? (answer as (r: PageRequest) => unknown)(request) : answer;
      }) as LibrarySource['ask'],
      onSessionChange: () => () => undefined,
      now: () => NOW,
    },
  };
  return fake;
}

/** Renders the page at `hash` (e.g. '#/?tag=growth'). */
export function renderLibrary(fake: FakeLibrary, hash = '#/') {
  history.replaceState(null, '', hash);
  return render(<App source={fake.source} />);
}

/** Downloads the page starts: their file names and texts. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => ((last = b), 'blob:test'),
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download && last) files.push({ name: this.download, blob: last });
  });
  return files;
}
