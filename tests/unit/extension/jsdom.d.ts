// jsdom ships no types; this declares the part the extractors' tests use to load a page at its own address.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; runScripts?: 'dangerously' | 'outside-only' });
    readonly window: Window & typeof globalThis;
  }
}
