// The content script for Instagram (built as content/instagram.js, a classic script; the manifest lists its hosts).
import { startContentScript } from '../contentScript';
import { instagramReader } from '../platforms/instagram';

startContentScript(instagramReader);
