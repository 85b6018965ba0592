import { useEffect, useState } from 'react';
import type { AskWorker } from '../../shared/askWorker';
import { SparkIcon } from '../ui/icons';

type Summary =
  | { state: 'loading' }
  | { state: 'done'; summary: string; topics: string[] }
  | { state: 'failed'; message: string };

/** Pro: the AI analytics task's written summary of the saving habits (answering the search, when there is one). */
export function AiSummary({ ask, query }: { ask: AskWorker; query: string }) {
  const [summary, setSummary] = useState<Summary>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setSummary({ state: 'loading' });
    void ask({ type: 'aiTask', task: 'analytics', ...(query ? { query } : {}) })
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setSummary({ state: 'failed', message: answer.message });
        const r = answer.result as { summary?: unknown; topics?: unknown };
        setSummary({
          state: 'done',
          summary: typeof r.summary === 'string' ? r.summary : '',
          topics: Array.isArray(r.topics) ? r.topics.map(String) : [],
        });
      })
      .catch((err: unknown) => live && setSummary({ state: 'failed', message: String(err) }));
    return () => {
      live = false;
    };
  }, [ask, query]);
  return (
    <section
      className="lib-panel lib-ai"
      aria-labelledby="ai-summary-title"
      aria-busy={summary.state === 'loading'}
    >
      <h2 id="ai-summary-title">
        <SparkIcon /> AI summary
      </h2>
      {summary.state === 'loading' && <p className="pk-muted">Reading your library…</p>}
      {summary.state === 'failed' && <p className="pk-muted">No summary right now: {summary.message}</p>}
      {summary.state === 'done' && (
        <>
          <p>{summary.summary}</p>
          {summary.topics.length > 0 && (
            <p className="lib-card__tags">
              {summary.topics.map((t) => (
                <span key={t} className="pk-badge">
                  {t}
                </span>
              ))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
