import { useState } from "react";

interface AvatarProps {
  /** The picture's URL; '' when there is none. */
  picture: string;
  initials: string;
}

/**
 * A person's picture, or their initials where there is none or it does not load. Decorative on
 * purpose: it always stands beside the person's name, so assistive technology announces the name
 * once, not once for the picture and again for the text.
 */
export function Avatar({ picture, initials }: AvatarProps) {
  // Keyed by the picture, so another picture gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return <img className="avatar" src={picture} alt="" onError={() => setFailed(picture)} />;
  }
  return (
    <span className="avatar" aria-hidden="true">
      {initials}
    </span>
  );
}
