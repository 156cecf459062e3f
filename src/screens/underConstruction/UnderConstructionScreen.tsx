/** §2 /under-construction: the placeholder page of the administrator entries still being built. */
export function UnderConstructionScreen() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Under construction</h1>
      <p>This part of Recall Desk is under construction. It will appear here when it is ready.</p>
    </section>
  );
}
