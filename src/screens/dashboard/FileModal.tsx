// §2 Dashboard: the File modal, an item's videos (Watch Video) or PDFs (View PDF), each with Open
// in full screen; 'No file found.' when the item has none of that kind. §9: PDF frame 500px high.
import { useRef } from "react";
import { Modal } from "../../components/Modal";
import { HELP_PDF_FRAME_HEIGHT } from "../../lib/constants";
import type { HelpFileKind } from "../../machines/dashboard/helpFiles";

interface FileModalProps {
  file: { heading: string; kind: HelpFileKind; links: string[] };
  onClose: () => void;
}

const TITLES: Record<HelpFileKind, string> = { video: "Watch Video", pdf: "View PDF" };

export function FileModal({ file, onClose }: FileModalProps) {
  return (
    <Modal title={`${TITLES[file.kind]}: ${file.heading}`} onClose={onClose} size="large">
      {file.links.length === 0 ? (
        <p className="help-file__empty">No file found.</p>
      ) : (
        file.links.map((link, index) => (
          <HelpFile key={link} link={link} kind={file.kind} name={`${file.heading}${file.links.length > 1 ? ` (${index + 1})` : ""}`} />
        ))
      )}
    </Modal>
  );
}

function HelpFile({ link, kind, name }: { link: string; kind: HelpFileKind; name: string }) {
  const media = useRef<HTMLVideoElement & HTMLIFrameElement>(null);
  return (
    <figure className="help-file">
      {kind === "video" ? (
        <video ref={media} className="help-file__video" src={link} controls aria-label={name} />
      ) : (
        <iframe ref={media} className="help-file__pdf" src={link} title={name} style={{ height: HELP_PDF_FRAME_HEIGHT }} />
      )}
      <figcaption>
        <button type="button" className="button" onClick={() => void media.current?.requestFullscreen()}>
          Open in full screen
        </button>
      </figcaption>
    </figure>
  );
}
