import { PRODUCT_NAME } from '../../src/config';
import { askWorker } from '../shared/askWorker';
import { localLine, planName, storagePercent, storageText } from '../shared/accountText';
import type { SaveState, StatusAnswer } from '../shared/messages';

// The toolbar popup: who is signed in (or that saves stay in this browser), "Save this post" for the active
// tab, the library, sign-in on the web app, and which web app and API this build talks to.

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let webUrl = '';

function showStatus(status: StatusAnswer): void {
  webUrl = status.webUrl;
  const account = status.account;
  $('account').setAttribute('aria-busy', 'false');
  if (status.signedIn && account) {
    $('account-title').textContent = account.email;
    const badge = document.createElement('span');
    badge.className = 'pk-badge';
    badge.textContent = planName(account.plan);
    $('account-detail').replaceChildren(badge, ' plan');
    $('storage').hidden = false;
    const percent = storagePercent(account.storageUsed, account.storageLimit);
    $('storage-bar').style.width = `${percent}%`;
    $('storage-meter').setAttribute('aria-valuenow', String(percent));
    $('storage-text').textContent = `${storageText(account.storageUsed, account.storageLimit)} used`;
  } else if (status.signedIn) {
    // Signed in, but the API did not answer (offline): the session is kept, the figures come later.
    $('account-title').textContent = 'Signed in';
    $('account-detail').textContent = 'Your account could not be reached. Saves wait here until it can.';
  } else {
    $('account-title').textContent = 'Not signed in';
    $('account-detail').textContent = 'Saves stay in this browser. Sign in to keep them in your account.';
  }
  $('sign-in').hidden = status.signedIn;
  const local = localLine(status);
  $('local').hidden = !local;
  $('local').textContent = local;
  // Small print, so a development build says which server it talks to.
  $('origins').textContent = `Web app: ${status.webUrl} · API: ${status.apiUrl}`;
}

function showSave(answer: SaveState): void {
  const result = $('result');
  result.dataset.state = answer.state;
  switch (answer.state) {
    case 'saved':
      result.textContent = `Saved to ${PRODUCT_NAME}.`;
      return;
    case 'pending':
      result.textContent = 'Saved here. It will be sent to your account when the network is back.';
      return;
    case 'quota': {
      const upgrade = document.createElement('a');
      upgrade.href = answer.upgradeUrl;
      upgrade.target = '_blank';
      upgrade.rel = 'noopener';
      upgrade.textContent = 'Upgrade';
      result.replaceChildren(`${answer.message} `, upgrade);
      return;
    }
    default:
      result.textContent = answer.message;
  }
}

async function save(): Promise<void> {
  const button = $<HTMLButtonElement>('save');
  button.disabled = true;
  $('result').textContent = 'Saving…';
  try {
    showSave(await askWorker({ type: 'saveActiveTab' }));
    showStatus(await askWorker({ type: 'status' }));
  } catch (err) {
    $('result').dataset.state = 'error';
    $('result').textContent = err instanceof Error ? err.message : String(err);
  } finally {
    button.disabled = false;
  }
}

async function openTab(url: string): Promise<void> {
  await chrome.tabs.create({ url });
  window.close();
}

$('save').addEventListener('click', () => void save());
$('library').addEventListener('click', () => void openTab(chrome.runtime.getURL('dashboard.html')));
$('sign-in').addEventListener('click', () => void openTab(`${webUrl}/login`));
askWorker({ type: 'status' }).then(showStatus, (err: unknown) => {
  $('account').setAttribute('aria-busy', 'false');
  $('account-title').textContent = 'Not available';
  $('account-detail').textContent = err instanceof Error ? err.message : String(err);
});
