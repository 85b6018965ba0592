// The content script for X on x.com and twitter.com (built as content/x.js, a classic script; the manifest lists its hosts).
import { startContentScript } from '../contentScript';
import { xReader } from '../platforms/x';

startContentScript(xReader);
