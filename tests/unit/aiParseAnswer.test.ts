import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  extractJson,
  normalizeCategory,
  normalizeTag,
  normalizeTags,
  parseAnswer,
  postRef,
  UnusableAnswer,
} from '../../src-server/ai/parseAnswer';
import { aiResultSchemas, AI_LIMITS, CATEGORIES, TAG_PATTERN } from '../../src/contract/ai';

describe('extractJson', () => {
  it.each([
    ['{"tags": ["a"]}', { tags: ['a'] }],
    ['```json\n{"tags": ["a"]}\n```', { tags: ['a'] }],
    ['```\n{"tags": ["a"]}```', { tags: ['a'] }],
    ['Sure! Here are the tags:\n```json\n{"tags": ["a"]}\n```\nAnything else?', { tags: ['a'] }],
    ['Here: {"category": "news"} hope that helps', { category: 'news' }],
    ['  ["a", "b"]  ', ['a', 'b']],
  ])('reads %j', (text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it.each(['', 'no json here', '{"tags": [', '```json\n{oops}\n```'])(
    'finds nothing usable in %j',
    (text) => {
      expect(() => extractJson(text)).toThrow(UnusableAnswer);
    },
  );
});

describe('normalizeTags', () => {
  it('trims, lower-cases, single-spaces, drops # and repeats, keeps order', () => {
    expect(normalizeTags([' Startups ', '#AI', 'startups', 'Machine   Learning', 'ai', '', 3, null])).toEqual(
      ['startups', 'ai', 'machine learning'],
    );
  });
  it('accepts a comma-separated string', () => {
    expect(normalizeTags('Rust, WASM ,rust')).toEqual(['rust', 'wasm']);
  });
  it('drops tags longer than the limit and keeps at most the maximum count', () => {
    expect(normalizeTags(['x'.repeat(AI_LIMITS.tagLength + 1), 'ok'])).toEqual(['ok']);
    expect(normalizeTags(Array.from({ length: 30 }, (_, i) => `t${i}`))).toHaveLength(AI_LIMITS.tags);
  });
  it('keeps letters of any script, digits, single spaces and hyphens', () => {
    expect(
      normalizeTags(['Développement Web', 'ai-tools', 'web3', '日本語', 'Ελληνικά', 'hindi हिन्दी', 'ÉCOLE']),
    ).toEqual(['développement web', 'ai-tools', 'web3', '日本語', 'ελληνικά', 'hindi हिन्दी', 'école']);
  });
  it.each([
    ['a sentence with a full stop', 'visit evil.example now'],
    ['a link', 'https://evil.example'],
    ['an address', 'me@evil.example'],
    ['symbols', 'c++'],
    ['a slash', 'ai/ml'],
    ['an apostrophe', "women's health"],
    ['markup', '<script>'],
    ['an underscore', 'snake_case'],
    ['a zero-width space', 'click\u200Bhere'],
    ['a right-to-left override', 'abc\u202Edef'],
    ['an emoji', 'rocket 🚀'],
    ['hyphens alone', '- -'],
    ['a superscript digit', 'x²'],
  ])('drops a tag with %s whole rather than stripping it (%j)', (_, tag) => {
    expect(normalizeTag(tag)).toBeNull();
    expect(normalizeTags([tag, 'kept'])).toEqual(['kept']);
  });
  it('counts each tag it drops, but not empty items or repeats', () => {
    let rejected = 0;
    const tags = normalizeTags(['ok', 'c++', '', '  ', 'OK', 42, null, 'x'.repeat(41), 'fine'], 10, () => {
      rejected += 1;
    });
    expect(tags).toEqual(['ok', 'fine']);
    expect(rejected).toBe(4);
  });
  it('allows exactly the tag length', () => {
    expect(normalizeTags(['x'.repeat(AI_LIMITS.tagLength)])).toEqual(['x'.repeat(AI_LIMITS.tagLength)]);
  });
  it('never returns a tag outside the tag form, long, or repeated, whatever comes in', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string(), fc.integer())), (input) => {
        const tags = normalizeTags(input);
        expect(tags.length).toBeLessThanOrEqual(AI_LIMITS.tags);
        expect(new Set(tags).size).toBe(tags.length);
        for (const tag of tags) {
          expect(tag).toMatch(TAG_PATTERN);
          expect(tag).toBe(tag.toLowerCase());
          expect(tag.length).toBeLessThanOrEqual(AI_LIMITS.tagLength);
        }
      }),
    );
  });
});

describe('normalizeCategory and postRef', () => {
  it("reads one category from the product's list, whatever its case, spacing or full stop", () => {
    expect(normalizeCategory(' Finance. ')).toBe('finance');
    expect(normalizeCategory('TECHNOLOGY')).toBe('technology');
    expect(normalizeCategory(['News', 'Politics'])).toBe('news');
    for (const category of CATEGORIES) expect(normalizeCategory(category)).toBe(category);
  });
  it.each([
    'visit evil.example now',
    'personal finance',
    'This post is mostly about the economy of small software businesses',
    'technology!',
    'tech',
    42,
  ])('drops %j, which is not on the list, and counts it', (answer) => {
    let rejected = 0;
    expect(normalizeCategory(answer, () => (rejected += 1))).toBeNull();
    expect(rejected).toBe(1);
  });
  it('takes the first listed category of several, counting the ones before it', () => {
    let rejected = 0;
    expect(normalizeCategory(['Personal finance', 'Finance', 'News'], () => (rejected += 1))).toBe('finance');
    expect(rejected).toBe(1);
    expect(normalizeCategory(['', null])).toBeNull();
  });
  it('reads post numbers within the sample only', () => {
    expect([postRef(2, 3), postRef('3', 3), postRef('#1', 3), postRef('[2]', 3)]).toEqual([2, 3, 1, 2]);
    expect([postRef(0, 3), postRef(4, 3), postRef(1.5, 3), postRef('two', 3), postRef(null, 3)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('parseAnswer', () => {
  const ids = ['id-a', 'id-b', 'id-c'];

  it('auto-tagging: tags, extra keys ignored, a bare array accepted', () => {
    expect(parseAnswer('auto-tagging', '{"tags": ["A", "b"], "note": "x"}')).toEqual({ tags: ['a', 'b'] });
    expect(parseAnswer('auto-tagging', '["A"]')).toEqual({ tags: ['a'] });
  });
  it('categorization: the category, also under "categories"', () => {
    expect(parseAnswer('categorization', '{"category": "Design", "confidence": 1}')).toEqual({
      category: 'design',
    });
    expect(parseAnswer('categorization', '{"categories": ["Food"]}')).toEqual({ category: 'food' });
  });
  it('search: post numbers become the ids of those posts, unknown numbers dropped, no repeats', () => {
    expect(parseAnswer('search', '{"matches": [2, "3", 9, 2, {"post": 1}]}', ids)).toEqual({
      postIds: ['id-b', 'id-c', 'id-a'],
    });
    expect(parseAnswer('search', '{"matches": []}', ids)).toEqual({ postIds: [] });
  });
  it('recommendations: ids with short single-spaced reasons', () => {
    const long = 'r'.repeat(500);
    const result = parseAnswer(
      'recommendations',
      `{"recommendations": [{"post": 3, "reason": " Same  topic "}, 1, {"post": 3}, {"post": 2, "reason": "${long}"}]}`,
      ids,
    );
    expect(result).toEqual({
      recommendations: [
        { postId: 'id-c', reason: 'Same topic' },
        { postId: 'id-a', reason: '' },
        { postId: 'id-b', reason: expect.stringMatching(/^r+…$/) },
      ],
    });
    expect((result as { recommendations: { reason: string }[] }).recommendations[2].reason).toHaveLength(
      AI_LIMITS.reasonLength,
    );
  });
  it('reports each label it drops to the caller, by field, and fails when none is left', () => {
    const seen: string[] = [];
    const note = (field: string) => void seen.push(field);
    expect(parseAnswer('auto-tagging', '{"tags": ["Rust", "a.b", "c++"]}', [], note)).toEqual({
      tags: ['rust'],
    });
    expect(parseAnswer('analytics', '{"summary": "s", "topics": ["x y", "x/y"]}', [], note)).toMatchObject({
      topics: ['x y'],
    });
    expect(() => parseAnswer('categorization', '{"category": "visit evil.example now"}', [], note)).toThrow(
      UnusableAnswer,
    );
    expect(() => parseAnswer('auto-tagging', '{"tags": ["<b>", "a.b"]}', [], note)).toThrow(UnusableAnswer);
    expect(seen).toEqual(['tags', 'tags', 'topics', 'category', 'tags', 'tags']);
  });
  it('analytics: a bounded summary and normalized topics', () => {
    const result = parseAnswer(
      'analytics',
      JSON.stringify({ summary: `  ${'s'.repeat(2000)} `, topics: ['AI', 'ai'] }),
    );
    expect(result).toMatchObject({ topics: ['ai'] });
    expect((result as { summary: string }).summary).toHaveLength(AI_LIMITS.summaryLength);
  });

  it.each([
    ['auto-tagging', '{"tags": []}'],
    ['auto-tagging', '{"labels": ["a"]}'],
    ['categorization', '{"category": ""}'],
    ['categorization', '{"category": "visit evil.example now"}'],
    ['categorization', '{"nope": 1}'],
    ['auto-tagging', '{"tags": ["https://evil.example"]}'],
    ['search', '{"results": "none"}'],
    ['recommendations', '{}'],
    ['analytics', '{"topics": ["a"]}'],
    ['analytics', 'I cannot do that.'],
  ] as const)('%s: %j is unusable', (task, text) => {
    expect(() => parseAnswer(task, text, ids)).toThrow(UnusableAnswer);
  });

  it('always returns what the contract promises for the task', () => {
    const answers = {
      'auto-tagging': '{"tags": ["x"]}',
      categorization: '{"category": "design"}',
      search: '{"matches": [1]}',
      recommendations: '{"recommendations": [1]}',
      analytics: '{"summary": "x"}',
    } as const;
    for (const [task, text] of Object.entries(answers) as [keyof typeof answers, string][])
      expect(aiResultSchemas[task].safeParse(parseAnswer(task, text, ids)).success).toBe(true);
  });
});
