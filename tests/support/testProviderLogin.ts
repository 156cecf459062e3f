// Signs in at the test provider without a browser (server tests): follows its redirects with a
// cookie jar, fills its development login form and its consent form, and stops at the app's
// redirect address, whose query is the provider's answer.
export async function answerOfProvider(authorizationUrl: string, redirectUrl: string, login: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUrl)) return next.searchParams;
      url = next.href;
      body = undefined;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form:\n${page.slice(0, 500)}`);
    url = new URL(action, url).href;
    body = page.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any password" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("the provider never sent the browser back");
}
