// Pictures of the named demo accounts (demo/staff.ts), so the top bar shows a user's profile picture
// as a real provider's profile would give it (§2 Layout, §3 User.profilePicture). Each is a small
// SVG drawn here and carried as a data URL: self-contained, nothing to serve, and a valid
// PictureUrl of the contract (a URI of at most 2048 characters). Drawn from fixed values only: the
// demo world's random sequence is untouched.

export interface Look {
  background: string;
  skin: string;
  hair: string;
  shirt: string;
  hairstyle: "long" | "short" | "bun";
}

const HAIR_BEHIND: Record<Look["hairstyle"], string> = {
  long: '<path d="M17 30c0-12 6-19 15-19s15 7 15 19v19H17z"/>',
  short: "",
  bun: '<circle cx="32" cy="11" r="6"/>',
};

const HAIR_ON_TOP: Record<Look["hairstyle"], string> = {
  long: '<path d="M19 29c0-10 5-16 13-16s13 6 13 16c-4-6-8-8-13-8-4 3-9 5-13 8z"/>',
  short: '<path d="M20 27c0-9 5-14 12-14s12 5 12 14c-2-4-5-6-12-6s-10 2-12 6z"/>',
  bun: '<path d="M20 28c0-9 5-15 12-15s12 6 12 15c-3-5-7-7-12-7s-9 2-12 7z"/>',
};

/** An SVG head and shoulders, as a data URL. */
export function portrait({ background, skin, hair, shirt, hairstyle }: Look): string {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" fill="${background}"/>`,
    `<g fill="${hair}">${HAIR_BEHIND[hairstyle]}</g>`,
    `<path d="M9 64c1-11 10-17 23-17s22 6 23 17z" fill="${shirt}"/>`,
    `<path d="M27 38h10v10c-3 2-7 2-10 0z" fill="${skin}"/>`,
    `<ellipse cx="32" cy="29" rx="11" ry="13" fill="${skin}"/>`,
    `<g fill="${hair}">${HAIR_ON_TOP[hairstyle]}</g>`,
    "</svg>",
  ].join("");
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
