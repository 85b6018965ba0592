// The content script for Reddit on new and old Reddit (built as content/reddit.js, a classic script; the manifest lists its hosts).
import { startContentScript } from '../contentScript';
import { redditReader } from '../platforms/reddit';

startContentScript(redditReader);
