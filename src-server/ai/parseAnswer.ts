import { AI_LIMITS, type AiResult, type AiTaskType } from '../../src/contract/ai';

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

/** Trimmed, lower-cased, single-spaced, without a leading #; too long or empty is dropped; no repeats. */
export function normalizeTags(value: unknown, max: number = AI_LIMITS.tags): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const tag = item
      .replace(/^\s*#+/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
    if (!tag || tag.length > AI_LIMITS.tagLength || out.includes(tag)) continue;
    out.push(tag);
    if (out.length === max) break;
  }
  return out;
}

/** A category name: one short phrase, lower-cased; a sentence is not a category. */
export function normalizeCategory(value: unknown): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return null;
  const category = raw.replace(/\s+/g, ' ').trim().replace(/\.$/, '').toLowerCase();
  return category && category.length <= AI_LIMITS.categoryLength ? category : null;
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
 * Reads a task's answer leniently (extra keys ignored, fenced code accepted) and bounds it. `postIds` are the
 * ids of the posts the model saw, numbered from 1. Throws UnusableAnswer when nothing usable is left.
 */
export function parseAnswer(task: AiTaskType, text: string, postIds: readonly string[] = []): AiResult {
  const json = extractJson(text);
  switch (task) {
    case 'auto-tagging': {
      const tags = normalizeTags(Array.isArray(json) ? json : field(json, 'tags'));
      if (!tags.length) throw new UnusableAnswer('no tags');
      return { tags };
    }
    case 'categorization': {
      const category = normalizeCategory(field(json, 'category', 'categories'));
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
        topics: normalizeTags(field(json, 'topics'), AI_LIMITS.topics),
      };
    }
  }
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
