/** What the privacy guard looks for; each kind has its own reason in the dialog (locales/en/discussions.ts). */
export const PERSONAL_DETAIL_KINDS = ['phone', 'email', 'address', 'birthDate', 'idNumber', 'name'] as const;
export type PersonalDetailKind = (typeof PERSONAL_DETAIL_KINDS)[number];

/** One personal detail in a text: its kind and where it is (UTF-16 offsets, `end` exclusive). */
export interface PersonalDetail {
  kind: PersonalDetailKind;
  start: number;
  end: number;
  text: string;
}

/** A detector reads the text with safe spans (links, DOIs, PMIDs) blanked out; offsets match the original. */
export type Detector = (text: string) => PersonalDetail[];

export function detail(kind: PersonalDetailKind, text: string, start: number, end: number): PersonalDetail {
  return { kind, start, end, text: text.slice(start, end) };
}

/** Every match of a global regex as a detail; `group` picks a capture group whose text is the detail. */
export function matchesOf(
  pattern: RegExp,
  text: string,
  kind: PersonalDetailKind,
  accept?: (match: RegExpExecArray) => boolean,
): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    if (!accept || accept(match)) found.push(detail(kind, text, match.index, match.index + match[0].length));
  }
  return found;
}
