// What the Import files screen calls each kind of file, its target and its buttons.
import { FEEDS } from "../../../domain/feeds/records.ts";
import { BRANDS } from "../../../domain/vocabulary.ts";

export interface UploadWording {
  fileLabel: string;
  targetLabel: string;
  /** The target's empty choice. */
  chooseTarget: string;
  targets: readonly { value: string; label: string }[];
  start: string;
  again: string;
}

export const MEMBER_FILE_WORDING: UploadWording = {
  fileLabel: "Member file (CSV)",
  targetLabel: "Payer",
  chooseTarget: "Choose the payer…",
  targets: BRANDS.map((brand) => ({ value: brand, label: brand.toUpperCase() })),
  start: "Import",
  again: "Import another file",
};

export const FEED_FILE_WORDING: UploadWording = {
  fileLabel: "Practice feed file (CSV)",
  targetLabel: "Feed",
  chooseTarget: "Choose the feed…",
  targets: FEEDS.map((feed) => ({ value: feed, label: feed })),
  start: "Import feed",
  again: "Import another feed file",
};
