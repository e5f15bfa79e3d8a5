interface ComingSoonProps {
  title: string;
  description: string;
}

/** Honest placeholder for a dashboard page that is not built yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <section className="page" data-testid="coming-soon">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
      </header>
      <div className="panel panel--muted">
        <span className="badge">Coming soon</span>
        <p>{description}</p>
      </div>
    </section>
  );
}
