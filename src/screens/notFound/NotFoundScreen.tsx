import { Link } from "wouter";

export function NotFoundScreen() {
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <Link href="/">Go to the start page</Link>.
      </p>
    </main>
  );
}
