import { FOUNDER } from '../../../src/config';

export function FounderStory() {
  const initials = FOUNDER.name
    .split(' ')
    .map((p) => p[0])
    .join('');
  return (
    <section className="pk-section pk-section--alt" aria-labelledby="founder-title">
      <div className="pk-container pk-founder">
        <div className="pk-founder__avatar" aria-hidden="true">
          {initials}
        </div>
        <div>
          <p className="pk-eyebrow">Why we built it</p>
          <h2 id="founder-title">A bookmark folder is where good ideas go to die</h2>
          <p>
            I used to save dozens of posts a week: growth threads on X, hiring advice on LinkedIn, deep dives
            on Reddit, design references on Pinterest. Every platform kept them in its own silo, with no
            search and no order. When I needed one, I scrolled for twenty minutes and gave up.
          </p>
          <p>
            So I built the tool I wanted: one click to save from anywhere, automatic tags, and a search that
            actually finds things. Postkeeper is that tool, and it is free to start.
          </p>
          <p className="pk-founder__sign">— {FOUNDER.name}, founder</p>
        </div>
      </div>
    </section>
  );
}
