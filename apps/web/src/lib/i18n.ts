import common from '../locales/en/common';
import type { en } from '../locales/en';
import errors from '../locales/en/errors';

/**
 * Translation through keys (every visible string). A small module instead of i18next: the app needs
 * nested keys, `{{value}}` interpolation, `_one`/`_other` plurals and Intl date formatting, and
 * i18next with react-i18next cost 16 KB gzipped of the 180 KB first-render budget (docs/design.md).
 * The API mirrors react-i18next's `useTranslation().t`, so swapping back is mechanical.
 */

type Messages = typeof en;

/**
 * What every page needs ships in the entry (navigation, actions, the error dialogs and notices); each
 * other area arrives with the routes that use it (app/router.tsx), so no page pays for another's text.
 */
const messages: Record<string, unknown> = { ...common, ...errors };

const areas = {
  admin: () => import('../locales/en/admin'),
  auth: () => import('../locales/en/auth'),
  collections: () => import('../locales/en/collections'),
  community: () => import('../locales/en/community'),
  discussions: () => import('../locales/en/discussions'),
  healthbot: () => import('../locales/en/healthbot'),
  notifications: () => import('../locales/en/notifications'),
  pages: () => import('../locales/en/pages'),
  search: () => import('../locales/en/search'),
  subscription: () => import('../locales/en/subscription'),
  topics: () => import('../locales/en/topics'),
  user: () => import('../locales/en/user'),
} satisfies Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export type MessageArea = keyof typeof areas;

export function addMessages(bundle: Record<string, unknown>): void {
  Object.assign(messages, bundle);
}

/** Resolves once the areas' messages are in place; cheap when they already are (modules load once). */
export async function loadMessages(...names: MessageArea[]): Promise<void> {
  const bundles = await Promise.all(names.map((name) => areas[name]()));
  for (const bundle of bundles) addMessages(bundle.default);
}
type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Join<P, K> : Leaves<T[K], Join<P, K>>;
}[keyof T & string];
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key of the English messages; a plural family is named by its base (`nav.notificationsUnread`). */
export type TranslationKey = WithoutPlural<Leaves<Messages>>;
export type TranslationValues = Record<string, unknown>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const language = 'en';
const pluralRules = new Intl.PluralRules(language);

function lookup(path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralForm(key: string, count: number): string | undefined {
  return (count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${pluralRules.select(count)}`) ?? lookup(`${key}_other`);
}

/** `datetime(dateStyle: long)` -> Intl options; values are strings or numbers as written. */
function parseFormatOptions(source: string | undefined): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  for (const pair of (source ?? '').split(';')) {
    const [name, raw] = pair.split(':').map((part) => part.trim());
    if (!name || raw === undefined) continue;
    options[name] = /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  return options;
}

function formatValue(value: unknown, format: string | undefined): string {
  if (!format) return value instanceof Date ? value.toLocaleString(language) : String(value ?? '');
  const [, name, options] = /^(\w+)(?:\((.*)\))?$/.exec(format.trim()) ?? [];
  if (name === 'datetime') {
    const date = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value ?? '') : new Intl.DateTimeFormat(language, parseFormatOptions(options)).format(date);
  }
  if (name === 'number') return new Intl.NumberFormat(language, parseFormatOptions(options)).format(Number(value));
  return String(value ?? '');
}

function interpolate(template: string, values: TranslationValues): string {
  return template.replace(/\{\{\s*([^,}]+?)\s*(?:,\s*([^}]+?))?\s*\}\}/g, (match, name: string, format: string | undefined) =>
    name in values ? formatValue(values[name], format) : match,
  );
}

export const t: TFunction = (key, values) => {
  const count = values?.count;
  const template = (typeof count === 'number' ? pluralForm(key, count) : undefined) ?? lookup(key);
  if (template === undefined) {
    if (import.meta.env.DEV) console.warn(`Missing translation: ${key}`);
    return key;
  }
  return values ? interpolate(template, values) : template;
};

const translation = { t, i18n: { language } } as const;

/** react-i18next's hook shape; English is the only language shipped, so nothing re-renders on change. */
export function useTranslation(): typeof translation {
  return translation;
}
