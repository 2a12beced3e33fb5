import { detail, matchesOf, type Detector, type PersonalDetail } from './types';

// Word shapes: a capitalised word of a street or place name ("Maple", "O'Connell", "Saint-Denis").
const NAME = String.raw`\p{Lu}[\p{L}'’]*(?:-\p{L}+)*`;

/** Street types written after the name; the short forms Dr and St must end the address, or "2 Neurologists Dr Patel" would count. */
const SUFFIX = String.raw`(?:Street|Road|Avenue|Lane|Drive|Close|Crescent|Court|Place|Terrace|Gardens|Grove|Square|Boulevard|Parkway|Highway|Circle|Mews|Way|Rd|Ave|Ln|Blvd|Pkwy|Hwy|Sq|Ct|Pl|(?:Dr|St)(?!\.?\s+\p{Lu}))\b\.?`;

/** "42 Maple Avenue", "221B Baker Street", "Flat 3, 14 Station Road", "1600 Elm St". */
const ENGLISH_STREET = new RegExp(
  String.raw`\b(?:(?:Flat|Apt\.?|Apartment|Unit|Suite)\s+\w+,?\s+)?\d{1,5}[A-Za-z]?,?\s+(?:[NSEW]\.?\s+)?(?:${NAME}\s+){1,3}${SUFFIX}`,
  'gu',
);

/** "I live on 18 willow crescent": lower case, but announced as where someone lives. */
const ANNOUNCED_STREET =
  /\b(?:(?:live|living|lives|stay|staying|moved|moving|move)\s+(?:at|on|to|in)|address(?:\s+is|:))\s+(\d{1,5}[a-z]?,?\s+(?:[\p{Ll}'’-]+\s+){1,3}(?:street|road|avenue|lane|drive|close|crescent|court|place|terrace|gardens|grove|square|boulevard|way)\b)/giu;

/** "Hauptstraße 12", "Kerkstraat 5", "Berliner Straße 3": German and Dutch names, then the number. */
const GERMANIC_STREET =
  /\b\p{Lu}[\p{Ll}ß-]*(?:straße|strasse|str\.|weg|allee|platz|gasse|damm|straat|laan|gracht|plein|steeg|kade|dijk|singel)\s+\d{1,4}[a-z]?\b|\b\p{Lu}\p{Ll}+(?:er)?\s+(?:Straße|Strasse|Weg|Allee|Platz|Gasse)\s+\d{1,4}[a-z]?\b/gu;

/** "12 rue de la Paix", "5 bis avenue Victor Hugo". */
const FRENCH_STREET =
  /\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|cours|route|square)\s+(?:(?:de|du|des|la|le|les|l['’]|d['’])\s*)*\p{Lu}[\p{L}'’-]*/gu;

/** "Via Roma 10", "Calle Mayor 5", "Rua Augusta 20": the street type first, the number last. */
const SOUTHERN_STREET =
  /\b(?:Via|Viale|Piazza|Piazzale|Corso|Vicolo|Largo|Calle|Avenida|Avda\.|Plaza|Paseo|Carrer|Camino|Rua|Praça|Travessa)\s+(?:(?:de|del|della|delle|dei|di|da|do|dos|das|la|los|las)\s+)*\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3},?\s+\d{1,4}\b/gu;

/** Post office boxes: "PO Box 1234", "P.O. Box 88", "GPO Box 1234", "Postfach 10 20 30", "Apartado 123", "BP 45" is left out (blood pressure). */
const POST_BOX =
  /\b(?:(?:G\.?\s?)?P\.?\s?O\.?\s?Box|Post\s+Office\s+Box|Postfach|Apartado(?:\s+de\s+correos)?|Bo[iî]te\s+postale)\s+(?:No\.?\s+)?\d{1,6}(?:\s\d{2,3}){0,3}\b/giu;

/** UK postcodes in their written form ("SW1A 1AA", "LS6 2QT"); the inward letters never use C, I, K, M, O or V ("1 MG" is no postcode). */
const UK_POSTCODE = /\b(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?) \d[ABD-HJLNP-UW-Z]{2}\b/g;

/** "Springfield, IL 62704", "MA 02139-4307": a state and its ZIP code. */
const US_STATE_ZIP =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?\s+\d{5}(?:-\d{4})?\b/g;

/** ZIP+4 alone ("02139-4307"). */
const ZIP_PLUS_FOUR = /(?<![\w-])\d{5}-\d{4}(?![\w-])/g;

/** Canadian postal codes ("K1A 0B1"). */
const CANADIAN_POSTCODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/g;

/** A code named as one ("zip code 90210", "postcode m1 1ae"): the code after the word, which starts with or soon has a digit. */
const NAMED_POSTCODE =
  /\b(?:post\s?code|postal\s+code|zip(?:\s?code)?|code\s+postal|c[óo]digo\s+postal)\b[\s:#]*(?:is\s+)?((?=[a-z]{0,2}\d)[a-z0-9]{2,4}(?:[ -]?[a-z0-9]{3,4})?)\b/gi;

/** After a street, the postcode and town that complete it ("…, 10115 Berlin", "…, 1012 AB Amsterdam"). */
const TOWN_AFTER_STREET = /^,?\s+(?:\d{4,5}|[1-9]\d{3}\s?[A-Z]{2})\s+\p{Lu}[\p{L}'’-]+/u;

function withTown(found: PersonalDetail, text: string): PersonalDetail {
  const town = TOWN_AFTER_STREET.exec(text.slice(found.end, found.end + 60));
  return town ? detail('address', text, found.start, found.end + town[0].length) : found;
}

function namedPostcodes(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  NAMED_POSTCODE.lastIndex = 0;
  for (let match = NAMED_POSTCODE.exec(text); match; match = NAMED_POSTCODE.exec(text)) {
    const code = match[1]!;
    const start = match.index + match[0].length - code.length;
    found.push(detail('address', text, start, start + code.length));
  }
  return found;
}

function announcedStreets(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  ANNOUNCED_STREET.lastIndex = 0;
  for (let match = ANNOUNCED_STREET.exec(text); match; match = ANNOUNCED_STREET.exec(text)) {
    const street = match[1]!;
    const start = match.index + match[0].length - street.length;
    found.push(detail('address', text, start, start + street.length));
  }
  return found;
}

export const findStreetAddresses: Detector = (text) => [
  ...[ENGLISH_STREET, GERMANIC_STREET, FRENCH_STREET, SOUTHERN_STREET].flatMap((pattern) =>
    matchesOf(pattern, text, 'address').map((found) => withTown(found, text)),
  ),
  ...announcedStreets(text),
  ...matchesOf(POST_BOX, text, 'address').map((found) => withTown(found, text)),
  ...matchesOf(UK_POSTCODE, text, 'address'),
  ...matchesOf(US_STATE_ZIP, text, 'address'),
  ...matchesOf(ZIP_PLUS_FOUR, text, 'address'),
  ...matchesOf(CANADIAN_POSTCODE, text, 'address'),
  ...namedPostcodes(text),
];
