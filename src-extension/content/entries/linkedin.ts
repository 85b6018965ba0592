// The content script for LinkedIn (built as content/linkedin.js, a classic script; the manifest lists its hosts).
import { startContentScript } from '../contentScript';
import { linkedinReader } from '../platforms/linkedin';

startContentScript(linkedinReader);
