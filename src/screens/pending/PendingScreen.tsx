/** A screen of the specification whose own issue has not landed yet: says so plainly. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="muted">This screen is not available yet in this version of Recall Desk.</p>
    </section>
  );
}
