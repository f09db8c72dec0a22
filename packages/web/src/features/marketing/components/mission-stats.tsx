/** The three figures, word for word. */
const STATS = [
  { value: '100K+', label: 'files secured' },
  { value: '24/7', label: 'privacy protection' },
  { value: '0', label: 'data tracking' },
] as const;

export function MissionStats() {
  return (
    <section className="sd-container sd-section" aria-labelledby="mission-stats-title">
      <h2 id="mission-stats-title" className="sr-only">
        Sealdrop in numbers
      </h2>
      <ul className="sd-stats">
        {STATS.map((stat) => (
          <li key={stat.label} className="sd-stats__item">
            <span className="sd-stats__value">{stat.value}</span>{' '}
            <span className="sd-stats__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
