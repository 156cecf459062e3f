/** Specification §2 "Login screen": titled SIGN IN. */
export function LoginScreen() {
  return (
    <main className="login">
      <section className="login__card" aria-labelledby="login-title">
        <p className="login__product">Recall Desk</p>
        <h1 id="login-title">SIGN IN</h1>
        <p className="login__hint">Sign in with your practice group account to work the members list and read reports.</p>
      </section>
    </main>
  );
}
