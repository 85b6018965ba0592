/** The library's keys, listed where they can be found (they work anywhere but in a text field). */
export function ShortcutsCard() {
  const keys: [string, string][] = [
    ['/', 'Search'],
    ['j', 'Next post'],
    ['k', 'Previous post'],
    ['e', 'Edit tags'],
    ['#', 'Delete (with undo)'],
  ];
  return (
    <section className="lib-side-card" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard</h2>
      <dl className="lib-keys">
        {keys.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
