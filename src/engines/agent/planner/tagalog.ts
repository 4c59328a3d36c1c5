/*
 * Filipino English, as a team in Manila or Cebu types it: English sentences with Tagalog particles ("is Acme paid
 * na?", "how many po", "paki-check naman", "what stage na ba the Hooli deal", "enroll si Olivia sa sequence"). The
 * particles soften or mark a sentence and hold no request, so they go; "paki-" is "please", "sa" is "in" and "kasi"
 * is "because". Only a message holding a particle English never has is read this way ("PO", a purchase order, is
 * not "po").
 */
import { type Phrase, translator } from "./translate.ts";

const MARKERS =
  /(?<![\p{L}-])(?:po|naman|paki-?\p{L}*|muna|daw|raw|yung|mga|kasi|nga|lang|ho|ba|na(?=\s+(?:ba|si|sa|po|naman|daw)\b|\s*[.!?,]|\s*$))(?![\p{L}-])/u;

const PHRASES: Phrase[] = [
  // "paki-check", "pakicheck", "paki check": please do it.
  [/\bpaki-?\s?(?=\p{L})/giu, "please "],
  // "what stage na ba the Hooli deal?", "what stage na si Frances?": the question's "is".
  [/\b(what|which|where|who|how)((?:\s+\p{L}+)?)\s+na\s+(?:ba\s+)?(?:si\s+|ni\s+)?/giu, "$1$2 is "],
  // "na" at a sentence's end or before another particle: "already", which the sentence says without it.
  [/\s+na(?=\s*[.!?,]|\s*$|\s+(?:ba|si|sa|po|naman|daw)\b)/g, ""],
];

const WORDS: Record<string, string> = {
  po: "",
  ho: "",
  naman: "",
  muna: "",
  daw: "",
  raw: "",
  nga: "",
  lang: "",
  ba: "",
  na: "",
  si: "",
  ni: "",
  mga: "",
  yung: "the",
  ung: "the",
  ang: "the",
  sa: "in",
  kasi: "because",
};

/** The message without its Tagalog particles, when it has them; else as it was. */
export const fromTagalog = translator({ markers: MARKERS, phrases: PHRASES, words: WORDS });
