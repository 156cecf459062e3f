// Cookies the specification names (§4 Persistence, §9): the login cookie (7 days) and the member
// filter cookie memberFilters (30 days).
const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/**
 * §2: the cookies-disabled modal shows when the browser refuses cookies. Chromium with cookies
 * blocked in its settings still answers `navigator.cookieEnabled` true, so a cookie written and
 * read back is what tells (docs/conventions.md, Traps of the toolchain).
 */
export function cookiesEnabled(): boolean {
  if (!navigator.cookieEnabled) return false;
  const probe = "recall-desk-cookie-probe";
  writeCookie(probe, "1", 1);
  const works = readCookie(probe) === "1";
  deleteCookie(probe);
  return works;
}
