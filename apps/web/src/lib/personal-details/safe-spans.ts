/**
 * Parts of a post that are references, not personal details: web links, DOIs, PubMed and PMC ids,
 * trial registrations and ISBNs. Their digits look like phone or ID numbers, so they are blanked
 * out (same length, so offsets still match the original) before any detector reads the text.
 * mailto: links are left alone: an e-mail address inside one is still an e-mail address.
 */
const SAFE_SPANS = [
  /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi,
  // A bare domain with a path (nhs.uk/conditions/asthma).
  // Labels are bounded (as DNS bounds them) so a long run of digits and hyphens is read in linear time.
  /(?<![a-z0-9.-])[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,6}\.(?:com|org|net|gov|edu|int|uk|de|fr|es|it|nl|eu|ie|ca|au|io|info)\/[^\s<>"'`]*/gi,
  /\b(?:doi:?\s*)?10\.\d{4,9}\/[^\s<>"'`]+/gi,
  /\b(?:PMID|PMCID|PubMed(?:\s+ID)?)[\s:#]*(?:PMC)?\d{1,9}\b/gi,
  /\bPMC\d{4,9}\b/g,
  /\bNCT\d{8}\b/g,
  /\bISBN(?:-1[03])?:?\s*[\d-]{9,17}[\dX]?\b/gi,
  /\barXiv:\s*\d{4}\.\d{4,5}(?:v\d+)?/gi,
];

/** The object replacement character: neither a word character nor a space, so nothing matches across it. */
const BLANK = '\uFFFC';

export function maskSafeSpans(text: string): string {
  let masked = text;
  for (const pattern of SAFE_SPANS) {
    masked = masked.replace(pattern, (span) => BLANK.repeat(span.length));
  }
  return masked;
}
