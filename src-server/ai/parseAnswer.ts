import {
  AI_LIMITS,
  CATEGORIES,
  TAG_PATTERN,
  type AiResult,
  type AiTaskType,
  type Category,
} from '../../src/contract/ai';

/** The model's text held no answer in the shape its task asked for. */
export class UnusableAnswer extends Error {
  constructor(why: string) {
    super(`Unusable AI answer: ${why}`);
    this.name = 'UnusableAnswer';
  }
}

const FENCE = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/;

/**
 * The JSON in a model's answer: the whole text, the inside of a fenced code block, or the outermost {...}
 * (models sometimes wrap it in a sentence).
 */
export function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = FENCE.exec(text);
  if (fenced) candidates.push(fenced[1].trim());
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // try the next reading
    }
  }
  throw new UnusableAnswer('no JSON found');
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields whose labels a model's answer can have dropped. */
export type LabelField = 'tags' | 'category' | 'topics';
/** Told of each label dropped from an answer, so it can be counted; never given the label, which may quote a post. */
export type OnRejected = (field: LabelField) => void;

/**
 * One tag in the tag form (TAG_PATTERN), or null when it is not one: trimmed, without a leading #, single-spaced
 * and lower-cased, then dropped whole (not stripped) when anything else is left in it or it is too long: a tag
 * stripped of its odd characters ("evil.example" as "evilexample", "c++" as "c") would be a label nobody chose.
 */
export function normalizeTag(item: string): string | null {
  const tag = item
    .normalize('NFC')
    .replace(/^\s*#+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return tag.length <= AI_LIMITS.tagLength && TAG_PATTERN.test(tag) ? tag : null;
}

/**
 * The answer's tags in the tag form, first come first kept, without repeats and at most `max`. Anything else in
 * the list is dropped and reported to `onRejected` (an empty item or a repeat is dropped without a count).
 */
export function normalizeTags(
  value: unknown,
  max: number = AI_LIMITS.tags,
  onRejected: () => void = () => undefined,
): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const out: string[] = [];
  for (const item of items) {
    if (out.length === max) break;
    if (typeof item === 'string' && !item.trim()) continue;
    const tag = typeof item === 'string' ? normalizeTag(item) : null;
    if (tag === null) onRejected();
    else if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

const isCategory = (name: string): name is Category => (CATEGORIES as readonly string[]).includes(name);

/**
 * The first of the answer's categories (one, or a list) that is on the product's list, matched without regard to
 * case, spacing or a closing full stop; each one before it that is not on the list is reported to `onRejected`.
 */
export function normalizeCategory(value: unknown, onRejected: () => void = () => undefined): Category | null {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  for (const item of items) {
    if (typeof item === 'string' && !item.trim()) continue;
    const name =
      typeof item === 'string'
        ? item.normalize('NFC').replace(/\s+/g, ' ').trim().replace(/\.$/, '').toLowerCase()
        : '';
    if (isCategory(name)) return name;
    onRejected();
  }
  return null;
}

/** A post number the model gave ("3", 3, "#3", "[3]") as the post's index in the sample, or null. */
export function postRef(value: unknown, count: number): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.replace(/[#[\]\s]/g, ''))
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= count ? n : null;
}

const field = (obj: unknown, ...names: string[]): unknown => {
  if (!isRecord(obj)) return undefined;
  for (const name of names) if (Object.hasOwn(obj, name)) return obj[name];
  return undefined;
};

/**
 * Reads a task's answer leniently (extra keys ignored, fenced code accepted) and bounds it: tags and topics in the
 * tag form, a category from the product's list. `postIds` are the ids of the posts the model saw, numbered from 1;
 * each tag, topic or category dropped is reported to `onRejected`. Throws UnusableAnswer when nothing usable is
 * left.
 */
export function parseAnswer(
  task: AiTaskType,
  text: string,
  postIds: readonly string[] = [],
  onRejected: OnRejected = () => undefined,
): AiResult {
  const json = extractJson(text);
  switch (task) {
    case 'auto-tagging': {
      const tags = normalizeTags(Array.isArray(json) ? json : field(json, 'tags'), AI_LIMITS.tags, () =>
        onRejected('tags'),
      );
      if (!tags.length) throw new UnusableAnswer('no tags');
      return { tags };
    }
    case 'categorization': {
      const category = normalizeCategory(field(json, 'category', 'categories'), () => onRejected('category'));
      if (!category) throw new UnusableAnswer('no category');
      return { category };
    }
    case 'search': {
      const matches = Array.isArray(json) ? json : field(json, 'matches', 'posts', 'results');
      if (!Array.isArray(matches)) throw new UnusableAnswer('no matches list');
      const ids: string[] = [];
      for (const m of matches) {
        const ref = postRef(isRecord(m) ? field(m, 'post', 'ref', 'id') : m, postIds.length);
        const id = ref && postIds[ref - 1];
        if (id && !ids.includes(id)) ids.push(id);
      }
      return { postIds: ids.slice(0, AI_LIMITS.searchMatches) };
    }
    case 'recommendations': {
      const list = Array.isArray(json) ? json : field(json, 'recommendations', 'posts');
      if (!Array.isArray(list)) throw new UnusableAnswer('no recommendations list');
      const recommendations: { postId: string; reason: string }[] = [];
      for (const r of list) {
        const ref = postRef(isRecord(r) ? field(r, 'post', 'ref', 'id') : r, postIds.length);
        const postId = ref && postIds[ref - 1];
        if (!postId || recommendations.some((x) => x.postId === postId)) continue;
        const reason = field(r, 'reason');
        recommendations.push({
          postId,
          reason:
            typeof reason === 'string'
              ? clip(reason.replace(/\s+/g, ' ').trim(), AI_LIMITS.reasonLength)
              : '',
        });
        if (recommendations.length === AI_LIMITS.recommendations) break;
      }
      return { recommendations };
    }
    case 'analytics': {
      const summary = field(json, 'summary');
      if (typeof summary !== 'string' || !summary.trim()) throw new UnusableAnswer('no summary');
      return {
        summary: clip(summary.trim(), AI_LIMITS.summaryLength),
        topics: normalizeTags(field(json, 'topics'), AI_LIMITS.topics, () => onRejected('topics')),
      };
    }
  }
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
