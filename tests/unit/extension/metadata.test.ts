// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { extractFromMetadata, isoDate } from '../../../src-extension/content/platforms/metadata';
import { loadPlatformPage } from './platformPage';

describe('a link from any other site', () => {
  it('reads a blog post’s head: canonical address, Open Graph title and summary, JSON-LD author and date, every picture, the oEmbed link', () => {
    const page = loadPlatformPage('web/article.html');
    expect(page.location.search).toBe('?utm_source=feed');
    expect(extractFromMetadata(page)).toStrictEqual({
      platform: 'web',
      url: 'https://blog.example.org/2024/05/kerning-by-hand',
      title: 'Kerning by hand, and why it still matters',
      authorName: 'Mira Okafor',
      authorHandle: '@mira_types',
      // An article's body is the whole article: a link keeps the page's summary.
      text: 'From metal sorts to OpenType tables: what a kern is, and why the eye still decides.',
      postedAt: '2024-05-08T07:00:00.000Z',
      images: [
        'https://blog.example.org/media/kerning-cover.jpg',
        'https://blog.example.org/media/kerning-diagram.png',
        'https://blog.example.org/media/kerning-pairs.png',
      ],
      oembedUrl:
        'https://blog.example.org/oembed?url=https%3A%2F%2Fblog.example.org%2F2024%2F05%2Fkerning-by-hand&format=json',
    });
  });

  it('makes do with a title and a description, past JSON-LD that does not parse; the address without its #part', () => {
    const { document } = loadPlatformPage('web/bare.html');
    const page = { document, location: new URL('https://notes.example.net/caslon#notes') };
    expect(extractFromMetadata(page)).toStrictEqual({
      platform: 'web',
      url: 'https://notes.example.net/caslon',
      title: 'Field notes: setting a page in Caslon',
      authorName: '',
      authorHandle: '',
      text: 'Notes from a week at the case: spacing, leading, and a broken sort.',
      postedAt: null,
      images: [],
    });
  });

  it('reads a picture’s page from its JSON-LD ImageObject: the full picture, its caption, its author’s username', () => {
    const page = loadPlatformPage('web/photo.html');
    expect(extractFromMetadata(page)).toStrictEqual({
      platform: 'web',
      url: 'https://photos.example.com/p/4417',
      title: 'Type case, Plantin-Moretus Museum',
      authorName: 'Jun Park',
      authorHandle: 'junpark',
      text: 'Two centuries of wear on a type case in Antwerp.',
      postedAt: '2024-04-30T00:00:00.000Z',
      images: ['https://cdn.photos.example.com/4417/full.jpg'],
    });
  });

  it('saves a platform’s page under that platform when the platform’s reader does not know its markup', () => {
    const page = loadPlatformPage('reddit/unknown.html');
    expect(extractFromMetadata(page, 'reddit')).toMatchObject({
      platform: 'reddit',
      url: 'https://www.reddit.com/r/typography/comments/1cq6pqr/the_golden_ratio_in_book_design_measured_on_40/',
      // A forum post's own words come from its JSON-LD.
      text: 'I measured the text block of forty books printed between 1480 and 1960. Thirty-one come within 2% of the golden section.',
      authorName: 'ada_l',
    });
  });

  it('saves nothing from a page without a web address', () => {
    const page = loadPlatformPage('web/bare.html');
    expect(
      extractFromMetadata({ document: page.document, location: new URL('file:///home/notes.html') }),
    ).toBeNull();
  });
});

describe('dates as sites write them', () => {
  it('reads ISO dates with offsets, microseconds (Reddit) and dates alone; anything else is no date', () => {
    expect(isoDate('2024-05-08T09:00:00+02:00')).toBe('2024-05-08T07:00:00.000Z');
    expect(isoDate('2024-05-13T08:15:30.123000+0000')).toBe('2024-05-13T08:15:30.123Z');
    expect(isoDate('2024-04-30')).toBe('2024-04-30T00:00:00.000Z');
    expect(isoDate('last Tuesday')).toBeNull();
    expect(isoDate('')).toBeNull();
  });
});
