import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';
import { memoizeByObject } from '../../lib/memo';
import { packageFile } from '../../paths';

type Pdf = PDFKit.PDFDocument;

/** condensed: evidence tables, where a full browser string must fit its column */
export const FONT = {
  regular: 'Body',
  bold: 'Body-Bold',
  condensed: 'Body-Condensed',
  condensedBold: 'Body-Condensed-Bold',
} as const;
type FontKey = keyof typeof FONT;
const FONT_KEYS = Object.keys(FONT) as FontKey[];

const fontFile = (name: string) => readFileSync(packageFile(`dejavu-fonts-ttf/ttf/${name}`));
/** Read once per process. */
const FONT_FILES: Record<FontKey, Buffer> = {
  regular: fontFile('DejaVuSans.ttf'),
  bold: fontFile('DejaVuSans-Bold.ttf'),
  condensed: fontFile('DejaVuSansCondensed.ttf'),
  condensedBold: fontFile('DejaVuSansCondensed-Bold.ttf'),
};

/**
 * Every font of a letter holds these glyphs first, in this order, whether the letter uses them or
 * not: the letters, digits and punctuation of English text and of the letters' own typography.
 * A letter that uses nothing else embeds the same font program as every other letter, so it is
 * built and compressed once per process (below) instead of for every PDF: that was a third of a
 * defence pack's drawing time. A name in another alphabet adds its glyphs after these.
 */
export const BASE_GLYPH_TEXT = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}·…–—‘’“”`;

/**
 * Registers the letters' fonts on a new document. pdfkit parses a registered font again for every
 * document, about 17 ms of CPU per font before the first line is laid out; the parsed fonts are
 * shared instead, each document getting its own embedding (and subset) around the same parsed
 * font, through pdfkit's font table. Should a pdfkit release change those internals, documents
 * fall back to parsing and embedding their own fonts (the tests compare the two).
 *
 * The shaping of each word (fontkit's layout, a quarter of a pack's CPU time) is shared too: the
 * letters repeat the same sentences and headings, and a word's glyphs and advances depend only on
 * the font. pdfkit keeps them per document; here one bounded cache per font serves them all.
 */
export function registerFonts(doc: Pdf, options: { shareFontPrograms?: boolean } = {}): void {
  for (const key of FONT_KEYS) doc.registerFont(FONT[key], FONT_FILES[key]);
  shareParsedFonts(doc, options.shareFontPrograms ?? true);
}

interface GlyphInternals {
  id: number;
  advanceWidth: number;
}
interface ParsedFontInternals {
  glyphForCodePoint?: (codePoint: number) => GlyphInternals;
  /** fontkit's glyphs by id, each made with the text of its first use */
  _glyphs?: Record<number, { codePoints?: number[] } | undefined>;
}
interface SubsetInternals {
  glyphs?: number[];
  includeGlyph?: (glyph: number) => number;
  encode?: () => Uint8Array;
}
interface ReferenceInternals {
  compress?: boolean;
  data?: Record<string, unknown>;
  write?: (chunk: Uint8Array) => void;
  end: (chunk?: Uint8Array | string) => void;
}
interface EmbeddedFontInternals {
  document?: { ref?: (data?: Record<string, unknown>) => ReferenceInternals };
  subset?: SubsetInternals;
  widths?: number[];
  unicode?: number[][];
  scale?: number;
  embed?: () => void;
  layoutRun?: (text: string) => unknown;
  layoutCached?: (text: string) => unknown;
}
interface PdfFontInternals {
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
  _font?: {
    font?: ParsedFontInternals;
    constructor: new (doc: Pdf, font: ParsedFontInternals, id: string) => EmbeddedFontInternals;
  };
}
let parsed: {
  embed: NonNullable<PdfFontInternals['_font']>['constructor'];
  fonts: Map<FontKey, ParsedFontInternals>;
} | null = null;

function shareParsedFonts(doc: Pdf, shareFontPrograms: boolean): void {
  const internals = doc as unknown as PdfFontInternals;
  if (typeof internals._fontCount !== 'number' || !internals._fontFamilies) return;
  if (!parsed) {
    const fonts = new Map<FontKey, ParsedFontInternals>();
    for (const key of FONT_KEYS) {
      // A throwaway document parses each font once for the whole process.
      const probe = new PDFDocument({ autoFirstPage: false, font: '' }) as unknown as PdfFontInternals & Pdf;
      probe.registerFont(FONT[key], FONT_FILES[key]).font(FONT[key]);
      if (!probe._font?.font) return;
      fonts.set(key, probe._font.font);
      parsed = { embed: probe._font.constructor, fonts };
    }
  }
  const shared = parsed;
  if (!shared || shared.fonts.size !== FONT_KEYS.length) return;
  for (const key of FONT_KEYS) {
    const font = shared.fonts.get(key);
    if (!font) return;
    internals._fontCount += 1;
    const embedded = new shared.embed(doc, font, `F${internals._fontCount}`);
    shareWordLayouts(key, embedded);
    forgetGlyphsMadeWithoutText(font, embedded);
    if (includeBaseGlyphs(font, embedded) && shareFontPrograms) shareFontProgram(key, embedded);
    internals._fontFamilies[FONT[key]] = embedded;
  }
}

/**
 * Words shaped per font, the least recently used leaving first, so the names and addresses of
 * many orders stay bounded while the letters' own words stay shaped (emptying the cache when
 * full made every letter's sentences be shaped again every couple of hundred packs).
 */
const LAYOUT_CACHE_WORDS = 4_000;
const wordLayouts = new Map<FontKey, LRUCache<string, object>>();

function shareWordLayouts(key: FontKey, embedded: EmbeddedFontInternals): void {
  const layoutRun = embedded.layoutRun;
  if (typeof layoutRun !== 'function' || typeof embedded.layoutCached !== 'function') return;
  const words = wordLayouts.get(key) ?? new LRUCache<string, object>({ max: LAYOUT_CACHE_WORDS });
  wordLayouts.set(key, words);
  embedded.layoutCached = (text: string) => {
    let run = words.get(text);
    if (run === undefined) {
      run = layoutRun.call(embedded, text) as object;
      words.set(text, run);
    }
    return run;
  };
}

/**
 * fontkit keeps each glyph it makes, with the text it was made for, and pdfkit takes a glyph's
 * copy-and-paste text from that. Building a subset makes the parts of composed glyphs without any
 * text ("и" while building "й"): in a font shared by every document, a later letter's "и" would
 * then copy out as nothing. The glyphs a subset build made without text are dropped again, to be
 * made afresh with their text when a letter uses them.
 */
function forgetGlyphsMadeWithoutText(font: ParsedFontInternals, embedded: EmbeddedFontInternals): void {
  const { subset } = embedded;
  const encode = subset?.encode;
  const made = font._glyphs;
  if (!subset || typeof encode !== 'function' || !made || typeof made !== 'object') return;
  subset.encode = () => {
    try {
      return encode.call(subset);
    } finally {
      for (const id of subset.glyphs ?? []) {
        if (made[id]?.codePoints?.length === 0) delete made[id];
      }
    }
  };
}

/** Each font's base glyphs, looked up once per process: glyph id, advance and code point. */
const baseGlyphsOf = memoizeByObject((font: Required<Pick<ParsedFontInternals, 'glyphForCodePoint'>>) =>
  Array.from(BASE_GLYPH_TEXT, (char): [number, number, number] => {
    const codePoint = char.codePointAt(0) ?? 0;
    const glyph = font.glyphForCodePoint(codePoint);
    return [glyph.id, glyph.advanceWidth, codePoint];
  }).filter(([id]) => id !== 0),
);

/**
 * Puts the base glyphs into a new embedding's subset, with the width and text each would get from
 * pdfkit on first use (its `encode`), so the PDF's widths and copied text are the same.
 */
function includeBaseGlyphs(font: ParsedFontInternals, embedded: EmbeddedFontInternals): boolean {
  const { subset, widths, unicode, scale } = embedded;
  if (
    typeof font.glyphForCodePoint !== 'function' ||
    typeof subset?.includeGlyph !== 'function' ||
    !Array.isArray(widths) ||
    !Array.isArray(unicode) ||
    typeof scale !== 'number'
  ) {
    return false;
  }
  for (const [id, advanceWidth, codePoint] of baseGlyphsOf(
    font as Required<Pick<ParsedFontInternals, 'glyphForCodePoint'>>,
  )) {
    const gid = subset.includeGlyph(id);
    widths[gid] ??= advanceWidth * scale;
    unicode[gid] ??= [codePoint];
  }
  return true;
}

/**
 * Compressed font programs by font and glyph list. A letter in English text hits one entry per
 * font; names in other alphabets add an entry each, the least recently used leaving first.
 */
const fontPrograms = new LRUCache<string, Buffer>({ max: 64 });
let fontProgramsBuilt = 0;

/** How many font programs this process has built (the rest were reused). */
export const fontProgramsBuiltCount = () => fontProgramsBuilt;

/**
 * Compressed ToUnicode maps (what each glyph copies out as) by their text, which a letter in
 * English text shares with every other: deflating them was about a twentieth of a pack's drawing.
 */
const unicodeMaps = new LRUCache<string, Buffer>({ max: 64 });
let unicodeMapsBuilt = 0;

/** How many ToUnicode maps this process has compressed (the rest were reused). */
export const unicodeMapsBuiltCount = () => unicodeMapsBuilt;

/** pdfkit's ToUnicode map, as its embedding writes it (EmbeddedFont.toUnicodeCmap). */
const isUnicodeMap = (chunk: unknown): chunk is string => typeof chunk === 'string' && chunk.startsWith('/CIDInit');

function deflatedUnicodeMap(text: string): Buffer {
  let deflated = unicodeMaps.get(text);
  if (!deflated) {
    // As pdfkit writes a string to a stream: a line break after it, one byte per character.
    deflated = deflateSync(Buffer.from(`${text}\n`, 'binary'));
    unicodeMapsBuilt += 1;
    unicodeMaps.set(text, deflated);
  }
  return deflated;
}

/**
 * pdfkit builds the subset font program (fontkit's `encode`) and deflates it when the document
 * ends; here the program for the same glyph list is built once and its compressed bytes written
 * as they are, marked as deflated, in place of pdfkit's own. The ToUnicode map is written from
 * its compressed bytes the same way. Only the streams that receive those exact contents are
 * touched, so the rest of pdfkit's embedding (descriptor, widths) is its own.
 */
function shareFontProgram(key: FontKey, embedded: EmbeddedFontInternals): void {
  const { embed, subset, document } = embedded;
  const encode = subset?.encode;
  const ref = document?.ref;
  if (!document || typeof ref !== 'function' || typeof embed !== 'function' || typeof encode !== 'function') return;
  if (!subset?.glyphs) return;
  const glyphs = subset.glyphs;
  embedded.embed = function embedShared(this: EmbeddedFontInternals) {
    const name = `${key}:${glyphs.join(',')}`;
    let program = fontPrograms.get(name);
    if (!program) {
      program = deflateSync(encode.call(subset));
      fontProgramsBuilt += 1;
      fontPrograms.set(name, program);
    }
    const deflated = program;
    subset.encode = () => deflated;
    document.ref = (data) => {
      const reference = ref.call(document, data);
      const end = reference.end;
      reference.end = (chunk) => {
        const compressed = chunk === deflated ? deflated : isUnicodeMap(chunk) ? deflatedUnicodeMap(chunk) : undefined;
        if (!compressed || typeof reference.write !== 'function') return end.call(reference, chunk);
        // Written as pdfkit writes a stream it compresses itself (its Length, then its Filter).
        reference.compress = false;
        reference.write(compressed);
        if (reference.data) reference.data.Filter = 'FlateDecode';
        end.call(reference);
      };
      return reference;
    };
    try {
      embed.call(this);
    } finally {
      subset.encode = encode;
      document.ref = ref;
    }
  };
}
