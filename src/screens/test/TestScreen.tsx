/** §2 "A test page also exists": where support staff check what build and mode a desk runs. */
export function TestScreen() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Test page</h1>
      <dl className="facts">
        <dt>Build</dt>
        <dd>{import.meta.env.MODE}</dd>
        <dt>Backend</dt>
        <dd>{import.meta.env.DEV && import.meta.env.VITE_API_MODE !== "server" ? "fake backend in the browser" : "server"}</dd>
        <dt>Browser</dt>
        <dd>{navigator.userAgent}</dd>
      </dl>
    </section>
  );
}
