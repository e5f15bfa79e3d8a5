export const NOT_ALLOWED_MESSAGE = 'Sorry, you are not allowed to access this page';

export function NotAllowed() {
  return (
    <section className="page" data-testid="not-allowed">
      <div className="panel panel--warning" role="alert">
        <p>{NOT_ALLOWED_MESSAGE}</p>
      </div>
    </section>
  );
}
