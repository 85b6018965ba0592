// The content script for Pinterest (built as content/pinterest.js, a classic script; the manifest lists its hosts).
import { startContentScript } from '../contentScript';
import { pinterestReader } from '../platforms/pinterest';

startContentScript(pinterestReader);
