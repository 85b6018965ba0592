import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  extractJson,
  normalizeCategory,
  normalizeTags,
  parseAnswer,
  postRef,
  UnusableAnswer,
} from '../../src-server/ai/parseAnswer';
import { aiResultSchemas, AI_LIMITS } from '../../src/contract/ai';

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
  it('never returns an empty, long, upper-case or repeated tag, whatever comes in', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer())), (input) => {
        const tags = normalizeTags(input);
        expect(tags.length).toBeLessThanOrEqual(AI_LIMITS.tags);
        expect(new Set(tags).size).toBe(tags.length);
        for (const tag of tags) {
          expect(tag).toBe(tag.trim().toLowerCase());
          expect(tag.length).toBeGreaterThan(0);
          expect(tag.length).toBeLessThanOrEqual(AI_LIMITS.tagLength);
        }
      }),
    );
  });
});

describe('normalizeCategory and postRef', () => {
  it('reads one short category', () => {
    expect(normalizeCategory(' Personal  Finance. ')).toBe('personal finance');
    expect(normalizeCategory(['News', 'Politics'])).toBe('news');
    expect(
      normalizeCategory('This post is mostly about the economy of small software businesses'),
    ).toBeNull();
    expect(normalizeCategory(42)).toBeNull();
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
      categorization: '{"category": "x"}',
      search: '{"matches": [1]}',
      recommendations: '{"recommendations": [1]}',
      analytics: '{"summary": "x"}',
    } as const;
    for (const [task, text] of Object.entries(answers) as [keyof typeof answers, string][])
      expect(aiResultSchemas[task].safeParse(parseAnswer(task, text, ids)).success).toBe(true);
  });
});
