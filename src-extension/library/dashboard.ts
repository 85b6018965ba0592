import { PRODUCT_NAME } from '../../src/config';
import { askWorker } from '../shared/askWorker';
import { planName, savedPostsText, storageText } from '../shared/accountText';
import type { LibraryAnswer, StatusAnswer } from '../shared/messages';
import { postCard } from './postCard';

// The library page (dashboard.html), which the web app's Extension link and sign-in open: who is signed in, and
// every saved post, newest first, from the service worker's local copy (refreshed from the account when signed
// in). The full library (search, tags, analytics) comes with the next issue.

const $ = (id: string) => document.getElementById(id) as HTMLElement;

export const SIGNED_OUT_NOTE = `Not signed in: your saves are kept in this browser. Sign in on the ${PRODUCT_NAME} website to keep them in your account.`;

function showAccount(status: StatusAnswer): void {
  const box = $('account');
  if (status.signedIn && status.account) {
    const email = document.createElement('span');
    email.textContent = status.account.email;
    const plan = document.createElement('span');
    plan.className = 'pk-badge';
    plan.textContent = planName(status.account.plan);
    const storage = document.createElement('span');
    storage.className = 'pk-muted';
    storage.textContent = `${storageText(status.account.storageUsed, status.account.storageLimit)} used`;
    box.replaceChildren(email, plan, storage);
  } else if (status.signedIn) {
    box.replaceChildren('Signed in');
  } else {
    const signIn = document.createElement('a');
    signIn.href = `${status.webUrl}/login`;
    signIn.className = 'pk-btn pk-btn--ghost';
    signIn.textContent = 'Sign in';
    const label = document.createElement('span');
    label.className = 'pk-muted';
    label.textContent = 'Not signed in';
    box.replaceChildren(label, signIn);
  }
}

function showPosts(status: StatusAnswer, library: LibraryAnswer): void {
  const { posts } = library;
  const pending = posts.filter((p) => p.state === 'pending').length;
  $('status').textContent = pending
    ? `${savedPostsText(posts.length)}, ${pending} waiting to be sent`
    : savedPostsText(posts.length);
  $('note').hidden = status.signedIn;
  $('note').textContent = status.signedIn ? '' : SIGNED_OUT_NOTE;
  $('empty').hidden = posts.length > 0;
  $('posts').replaceChildren(...posts.map(postCard));
}

let loading: Promise<void> | null = null;

/** Loads (or reloads) the account and the list; one load at a time, a request during one waits for it. */
function load(): Promise<void> {
  loading ??= (async () => {
    try {
      const status = await askWorker({ type: 'status' });
      showAccount(status);
      showPosts(status, await askWorker({ type: 'library' }));
    } catch (err) {
      $('status').textContent =
        `Your saved posts could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

void load();
// A sign-in or sign-out on the web app changes what this page shows; so may a save in another tab, seen when
// the user comes back to this one. Only the session's key: a load's own sync may write other keys.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'session' in changes) void load();
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void load();
});
