// The audio behind the demo's call recordings (demo/files/recordings), bundled into the fake backend
// as data URLs (`?inline`, in Vite and in Vitest alike), so `GET /call-recordings/file/{token}`
// answers the real bytes with no file system, in the browser too.
import type { DemoAudioFile } from "../demo/records.ts";
import { base64Bytes, parseDataUrl } from "../domain/mail/dataUrl.ts";
import inboundCall from "../demo/files/recordings/inbound-call.mp3?inline";
import newPatientWelcome from "../demo/files/recordings/new-patient-welcome.mp3?inline";
import recareVoicemail from "../demo/files/recordings/recare-voicemail.mp3?inline";

const AUDIO: Record<DemoAudioFile, string> = {
  "inbound-call.mp3": inboundCall,
  "new-patient-welcome.mp3": newPatientWelcome,
  "recare-voicemail.mp3": recareVoicemail,
};

/** The content type and bytes of a demo audio file. */
export function demoAudio(file: DemoAudioFile): { contentType: string; bytes: Uint8Array<ArrayBuffer> } {
  const decoded = parseDataUrl(AUDIO[file]);
  if (!decoded) throw new Error(`no demo audio ${file}`);
  return { contentType: decoded.contentType, bytes: base64Bytes(decoded.base64) };
}
