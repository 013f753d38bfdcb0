import { createHash } from 'node:crypto';

import {
  type PdfDictionary,
  PdfLexer,
  type PdfReference,
  PdfSyntaxError,
  type PdfValue,
  parseValue,
  referencesIn,
  writeValue,
} from './pdf-syntax';

/**
 * A render job's `merged` result (DESIGN D5): the items' PDFs as one, written as it is read. One
 * document is read, its pages and what they use are written out renumbered after the objects
 * already written, and it is forgotten, so memory holds one document however many there are (and
 * a number per object and page written, for the cross-reference table and the page tree). A
 * general merger (pdf-lib) builds the whole output in memory; this one reads only what pdfkit 0.19
 * writes: a classic cross-reference table, no object streams, streams with a direct /Length, a
 * flat page tree. Anything else is refused with the reason.
 *
 * What a document holds for itself alone stays behind: only the objects its pages reach are
 * copied, so its catalog, page tree root and /Info, its metadata, output intents (the merge is not
 * PDF/A), structure tree, outlines and forms are left out. Its links keep working: a named
 * destination is written out as the page it names, and pdfmake's page index (`linkToPage`) as
 * the page itself, since both would otherwise point into the wrong document.
 */

/** Input that cannot be merged, and why; `documentIndex` is the document's place in the input, from 0. */
export class PdfMergeRefused extends Error {
  override readonly name = 'PdfMergeRefused';

  constructor(
    message: string,
    readonly documentIndex?: number,
  ) {
    super(message);
  }
}

/** Why one document cannot be merged: made a PdfMergeRefused that names the document. */
class Unmergeable extends Error {}

/** The merged document's own objects, numbered first so that copied pages can name their parent. */
const PAGE_TREE = 1;
const CATALOG = 2;
const INFO = 3;

/**
 * PDF 1.7: pdfkit writes 1.3, 1.4 for PDF/A-1 and 1.7 for PDF/A-2, -3 and tagged PDF, and nothing
 * later. The second line's bytes above 127 tell transfer programs the file is binary.
 */
const HEADER = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
const READABLE_VERSION = /^1\.[0-7]$/;

/** Bytes gathered before they are yielded: a response writes a few large chunks, not many small. */
const CHUNK_BYTES = 64 * 1024;
/** Cross-reference entries written at a time. */
const ENTRIES_PER_PART = 2048;
/** A cross-reference entry gives an offset in ten digits. */
const MAX_OFFSET = 9_999_999_999;
/** Readers look for `startxref` in the file's last kilobyte. */
const TAIL_BYTES = 1024;

/** Keys into the structure tree's parent tree, which the merged document has none of. */
const STRUCTURE_KEYS = ['StructParents', 'StructParent'];
/** What pages inherit from the nodes of their tree (ISO 32000-1, 7.7.3.4); pdfkit puts them on each page. */
const INHERITABLE_KEYS = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];

const CARRIAGE_RETURN = 0x0d;
const LINE_FEED = 0x0a;

interface SourceObject {
  readonly value: PdfValue;
  /** The stream's bytes as written (still encoded), for a stream object. */
  readonly stream?: Uint8Array;
}

/** One input document, read. */
interface SourceDocument {
  /** By object number (pdfkit writes generation 0 only). */
  readonly objects: ReadonlyMap<number, SourceObject>;
  readonly pageTreeRoot: number;
  /** The pages' object numbers, in order. */
  readonly pages: readonly number[];
  /** Named destinations by name as written (`(ziel)`). */
  readonly destinations: ReadonlyMap<string, PdfValue>;
}

/**
 * The documents as one PDF, yielded in chunks as it is written: `title` becomes the document's
 * title (/Info). The documents are read one at a time, in order. A document that cannot be merged
 * ends the merge with PdfMergeRefused: nothing has been yielded when it is the first (or there is
 * none), else the chunks yielded before it are a PDF cut short.
 */
export async function* mergePdfs(
  documents: AsyncIterable<Uint8Array>,
  options: { title?: string } = {},
): AsyncGenerator<Uint8Array> {
  const file = new MergedFile();
  // The file identifier (/ID) is a digest of what was merged, and when.
  const identity = createHash('sha256');
  const createdAt = new Date();
  const pages: number[] = [];
  let count = 0;
  file.write(HEADER);
  for await (const bytes of documents) {
    identity.update(bytes);
    pages.push(...mergeDocument(bytes, count, file));
    count += 1;
    yield* file.chunks();
  }
  // Refused before a byte is yielded (the header waits for the first document).
  if (count === 0) throw new PdfMergeRefused('There are no documents to merge.');
  identity.update(createdAt.toISOString());
  file.writeObject(PAGE_TREE, pageTree(pages));
  file.writeObject(CATALOG, `<< /Type /Catalog /Pages ${PAGE_TREE} 0 R >>`);
  file.writeObject(INFO, information(options.title, createdAt));
  const crossReferences = file.length;
  for (const part of file.crossReferenceTable()) {
    file.write(part);
    yield* file.chunks();
  }
  const id = identity.digest('hex').slice(0, 32);
  file.write(
    `trailer\n<< /Size ${file.size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R /ID [<${id}> <${id}>] >>\n` +
      `startxref\n${crossReferences}\n%%EOF\n`,
  );
  yield* file.chunks(0);
}

/** Copies one document's pages into the file; their numbers in the merged document. */
function mergeDocument(bytes: Uint8Array, index: number, file: MergedFile): number[] {
  try {
    return copyPages(readDocument(bytes), file);
  } catch (error) {
    const reason =
      error instanceof PdfSyntaxError
        ? `it is not well-formed PDF (${error.message})`
        : error instanceof Unmergeable
          ? error.message
          : undefined;
    if (reason === undefined) throw error;
    throw new PdfMergeRefused(`Document ${index + 1} cannot be merged: ${reason}.`, index);
  }
}

function readDocument(bytes: Uint8Array): SourceDocument {
  const lexer = new PdfLexer(bytes);
  const version = /^%PDF-(\d+\.\d+)/.exec(lexer.text(0, 16))?.[1];
  if (version === undefined) throw new Unmergeable('it does not begin with a PDF header (%PDF-)');
  if (!READABLE_VERSION.test(version))
    throw new Unmergeable(`it is PDF ${version}, which the merged PDF 1.7 cannot claim to be`);
  const { offsets, trailer } = readCrossReferences(lexer, startOfCrossReferences(lexer));
  checkTrailer(trailer);
  const objects = new Map<number, SourceObject>();
  for (const [number, offset] of offsets) objects.set(number, readObject(lexer, number, offset));
  const catalog = dictionaryOf(objects, trailer.entries.get('Root'), "the trailer's /Root");
  if (!isName(catalog.entries.get('Type'), 'Catalog'))
    throw new Unmergeable("the trailer's /Root is not a catalog (/Type /Catalog)");
  const pageTreeRoot = catalog.entries.get('Pages');
  if (pageTreeRoot?.kind !== 'reference') throw new Unmergeable('its catalog has no page tree (/Pages)');
  return {
    objects,
    pageTreeRoot: pageTreeRoot.number,
    pages: pagesOf(objects, pageTreeRoot),
    destinations: namedDestinations(objects, catalog),
  };
}

/** The offset `startxref` gives, at the end of the file. */
function startOfCrossReferences(lexer: PdfLexer): number {
  const tail = Math.max(0, lexer.bytes.length - TAIL_BYTES);
  const at = lexer.text(tail, lexer.bytes.length).lastIndexOf('startxref');
  if (at < 0) throw new Unmergeable('it has no startxref at its end');
  lexer.position = tail + at + 'startxref'.length;
  const offset = readInteger(lexer);
  if (offset >= lexer.bytes.length)
    throw new Unmergeable(`startxref points past the end of the file (${offset})`);
  return offset;
}

/** The cross-reference table at `offset`: each object in use by its number, and the trailer. */
function readCrossReferences(
  lexer: PdfLexer,
  offset: number,
): { offsets: Map<number, number>; trailer: PdfDictionary } {
  lexer.position = offset;
  const keyword = lexer.next();
  if (keyword.kind === 'number')
    throw new Unmergeable(
      'its cross-references are a stream (PDF 1.5 compression, which also packs objects into object ' +
        'streams), not the table pdfkit writes',
    );
  if (keyword.kind !== 'keyword' || lexer.text(keyword.start, keyword.end) !== 'xref')
    throw new Unmergeable(`startxref points at byte ${offset}, where no cross-reference table begins`);
  const offsets = new Map<number, number>();
  for (;;) {
    const position = lexer.position;
    const token = lexer.next();
    if (token.kind === 'keyword' && lexer.text(token.start, token.end) === 'trailer') break;
    lexer.position = position;
    // A subsection: its first object number, how many entries, then the entries.
    const first = readInteger(lexer);
    const count = readInteger(lexer);
    for (let number = first; number < first + count; number += 1) {
      const objectOffset = readInteger(lexer);
      const generation = readInteger(lexer);
      const type = lexer.next();
      const typeText = lexer.text(type.start, type.end);
      if (typeText === 'n') {
        if (generation !== 0)
          throw new Unmergeable(
            `object ${number} has generation ${generation}: pdfkit writes generation 0 only`,
          );
        offsets.set(number, objectOffset);
      } else if (typeText !== 'f') throw lexer.error('expected a cross-reference entry (n or f)', type);
    }
  }
  const trailer = parseValue(lexer);
  if (trailer.kind !== 'dictionary') throw new Unmergeable('its trailer is not a dictionary');
  return { offsets, trailer };
}

/** What pdfkit's trailer never holds, and this merger could not copy. */
function checkTrailer(trailer: PdfDictionary): void {
  if (trailer.entries.has('Encrypt'))
    throw new Unmergeable('it is encrypted (/Encrypt), and its encryption keys depend on the object numbers');
  if (trailer.entries.has('Prev'))
    throw new Unmergeable(
      'it has been updated incrementally (/Prev): it has more than one cross-reference table',
    );
  if (trailer.entries.has('XRefStm'))
    throw new Unmergeable('it keeps objects in a cross-reference stream too (/XRefStm, a hybrid file)');
}

function readInteger(lexer: PdfLexer): number {
  const token = lexer.next();
  const text = lexer.text(token.start, token.end);
  if (token.kind !== 'number' || !/^\d+$/.test(text)) throw lexer.error('expected an integer', token);
  return Number(text);
}

/** The object the cross-reference table puts at `offset`: `12 0 obj ... endobj`. */
function readObject(lexer: PdfLexer, number: number, offset: number): SourceObject {
  lexer.position = offset;
  const header = [lexer.next(), lexer.next(), lexer.next()].map(({ start, end }) => lexer.text(start, end));
  if (header.join(' ') !== `${number} 0 obj`)
    throw new Unmergeable(
      `its cross-reference table puts object ${number} at byte ${offset}, where "${number} 0 obj" does not begin`,
    );
  const value = parseValue(lexer);
  if (value.kind === 'dictionary' && isName(value.entries.get('Type'), 'ObjStm'))
    throw new Unmergeable(
      `object ${number} is an object stream (/Type /ObjStm), which pdfkit does not write`,
    );
  if (value.kind === 'dictionary' && isName(value.entries.get('Type'), 'XRef'))
    throw new Unmergeable(
      `object ${number} is a cross-reference stream (/Type /XRef), which pdfkit does not write`,
    );
  const keyword = lexer.next();
  const keywordText = lexer.text(keyword.start, keyword.end);
  if (keyword.kind === 'keyword' && keywordText === 'endobj') return { value };
  if (keyword.kind === 'keyword' && keywordText === 'stream')
    return { value, stream: readStream(lexer, number, value, keyword.end) };
  throw lexer.error(`expected endobj or stream after object ${number}`, keyword);
}

/** A stream's bytes: /Length of them after the end of line that follows `stream` (which ends at `from`). */
function readStream(lexer: PdfLexer, number: number, dictionary: PdfValue, from: number): Uint8Array {
  const { bytes } = lexer;
  const length = dictionary.kind === 'dictionary' ? dictionary.entries.get('Length') : undefined;
  if (length?.kind === 'reference')
    throw new Unmergeable(
      `the stream of object ${number} has an indirect /Length (${length.number} ${length.generation} R); ` +
        "pdfkit writes it in the stream's dictionary",
    );
  if (length?.kind !== 'number' || !Number.isInteger(length.value) || length.value < 0)
    throw new Unmergeable(`the stream of object ${number} has no /Length`);
  let start = from;
  if (bytes[start] === CARRIAGE_RETURN && bytes[start + 1] === LINE_FEED) start += 2;
  else if (bytes[start] === LINE_FEED) start += 1;
  else
    throw new Unmergeable(`the stream of object ${number} does not begin with an end of line after 'stream'`);
  const end = start + length.value;
  lexer.position = Math.min(end, bytes.length);
  const after = lexer.next();
  if (end > bytes.length || after.kind !== 'keyword' || lexer.text(after.start, after.end) !== 'endstream')
    throw new Unmergeable(`the stream of object ${number} does not end (endstream) where its /Length says`);
  lexer.expect('keyword', 'endobj');
  return bytes.subarray(start, end);
}

const isName = (value: PdfValue | undefined, name: string): boolean =>
  value?.kind === 'name' && value.name === name;

/** The value, or the object it refers to (undefined when there is none). */
function resolved(
  objects: ReadonlyMap<number, SourceObject>,
  value: PdfValue | undefined,
): PdfValue | undefined {
  if (value?.kind !== 'reference') return value;
  return value.generation === 0 ? objects.get(value.number)?.value : undefined;
}

function dictionaryOf(
  objects: ReadonlyMap<number, SourceObject>,
  value: PdfValue | undefined,
  what: string,
): PdfDictionary {
  const dictionary = resolved(objects, value);
  if (dictionary?.kind !== 'dictionary') throw new Unmergeable(`${what} is not a dictionary`);
  return dictionary;
}

/** The pages of a flat page tree, in order. */
function pagesOf(objects: ReadonlyMap<number, SourceObject>, root: PdfReference): number[] {
  const tree = dictionaryOf(objects, root, 'its page tree (/Pages)');
  if (!isName(tree.entries.get('Type'), 'Pages'))
    throw new Unmergeable('its page tree root is not /Type /Pages');
  const inherited = INHERITABLE_KEYS.filter((key) => tree.entries.has(key));
  // Copied pages lose their parent: what it would hand down must be on the pages themselves.
  if (inherited.length > 0)
    throw new Unmergeable(
      `its page tree root holds ${inherited.map((key) => `/${key}`).join(', ')} for its pages to inherit`,
    );
  const kids = resolved(objects, tree.entries.get('Kids'));
  if (kids?.kind !== 'array') throw new Unmergeable('its page tree root has no /Kids');
  return kids.items.map((kid) => {
    const page = resolved(objects, kid);
    if (kid.kind !== 'reference' || page?.kind !== 'dictionary' || !isName(page.entries.get('Type'), 'Page'))
      throw new Unmergeable('its page tree is not flat: a kid of its root is not a page (/Type /Page)');
    return kid.number;
  });
}

/** The catalog's /Names /Dests, which pdfkit writes as one node: `/Names [(name) [page /XYZ x y z] ...]`. */
function namedDestinations(
  objects: ReadonlyMap<number, SourceObject>,
  catalog: PdfDictionary,
): Map<string, PdfValue> {
  const destinations = new Map<string, PdfValue>();
  const names = catalog.entries.get('Names');
  if (names === undefined) return destinations;
  const tree = dictionaryOf(objects, names, "its catalog's /Names").entries.get('Dests');
  if (tree === undefined) return destinations;
  const node = dictionaryOf(objects, tree, 'its named destinations (/Dests)');
  if (node.entries.has('Kids'))
    throw new Unmergeable(
      'its named destinations are a tree of several nodes (/Kids), not the one pdfkit writes',
    );
  const list = resolved(objects, node.entries.get('Names'));
  if (list?.kind !== 'array' || list.items.length % 2 !== 0)
    throw new Unmergeable('its named destinations (/Dests /Names) are not a list of names and destinations');
  for (let index = 0; index < list.items.length; index += 2) {
    const [name, destination] = [list.items[index], list.items[index + 1]];
    if (name.kind !== 'string') throw new Unmergeable('a named destination is not named by a string');
    destinations.set(name.text, destination);
  }
  return destinations;
}

/**
 * Writes the document's pages, and every object they reach, into the file, numbered as the file
 * allocates; their numbers in the merged document. A page's /Parent reaches the page tree root,
 * which becomes the merged one; the catalog and what hangs from it alone are never reached.
 */
function copyPages(source: SourceDocument, file: MergedFile): number[] {
  const numbers = new Map<number, number>([[source.pageTreeRoot, PAGE_TREE]]);
  const queue: number[] = [];
  const numberOf = (reference: PdfReference, holder: number): number => {
    const known = numbers.get(reference.number);
    if (known !== undefined && reference.generation === 0) return known;
    if (reference.generation !== 0 || !source.objects.has(reference.number))
      throw new Unmergeable(
        `object ${holder} refers to ${reference.number} ${reference.generation} R, which the document does not hold`,
      );
    const number = file.newNumber();
    numbers.set(reference.number, number);
    queue.push(reference.number);
    return number;
  };
  const pages = source.pages.map((page) =>
    numberOf({ kind: 'reference', number: page, generation: 0 }, source.pageTreeRoot),
  );
  // The queue grows as objects name others; each object is written once, in the order numbered.
  for (let next = 0; next < queue.length; next += 1) {
    const original = queue[next];
    const object = source.objects.get(original)!;
    const value = asMerged(object.value, source);
    for (const reference of referencesIn(value)) numberOf(reference, original);
    file.writeObject(
      numbers.get(original)!,
      writeValue(value, (reference) => numbers.get(reference.number)!),
      object.stream,
    );
  }
  return pages;
}

/**
 * An object as the merged document holds it: without its keys into the structure tree left
 * behind, and with its link's destination (/Dest of a link, /D of a GoTo action) made one that
 * holds in the merged document.
 */
function asMerged(value: PdfValue, source: SourceDocument): PdfValue {
  if (value.kind !== 'dictionary') return value;
  const entries = new Map(value.entries);
  for (const key of STRUCTURE_KEYS) entries.delete(key);
  const linkDestination = entries.get('Dest');
  if (isName(entries.get('Subtype'), 'Link') && linkDestination)
    entries.set('Dest', destinationIn(linkDestination, source));
  const actionDestination = entries.get('D');
  if (isName(entries.get('S'), 'GoTo') && actionDestination)
    entries.set('D', destinationIn(actionDestination, source));
  return { kind: 'dictionary', entries };
}

/**
 * A destination that names its page: a named destination (whose name tree stays behind) is
 * replaced by the destination it names; a page index, which pdfmake writes for `linkToPage` and
 * readers take as an index into the whole document, by the page. Anything else is kept.
 */
function destinationIn(destination: PdfValue, source: SourceDocument): PdfValue {
  if (destination.kind === 'string') return source.destinations.get(destination.text) ?? destination;
  if (destination.kind !== 'array') return destination;
  const [target, ...view] = destination.items;
  if (target?.kind !== 'number' || !Number.isInteger(target.value)) return destination;
  const page = source.pages[target.value];
  if (page === undefined) return destination;
  return { kind: 'array', items: [{ kind: 'reference', number: page, generation: 0 }, ...view] };
}

function pageTree(pages: readonly number[]): string {
  return `<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((page) => `${page} 0 R`).join(' ')}] >>`;
}

/** The merged document's /Info: who made it, when, and its title when one is given. */
function information(title: string | undefined, createdAt: Date): string {
  const date = createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const titleEntry = title === undefined ? '' : ` /Title ${textString(title)}`;
  return `<< /Producer (render-service)${titleEntry} /CreationDate (D:${date}Z) >>`;
}

/** Text as a PDF text string: UTF-16BE with its byte order mark, in hex, which needs no escaping. */
function textString(text: string): string {
  return `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** The merged file as it is written: its bytes not yet yielded, its length, each object's offset. */
class MergedFile {
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  private written = 0;
  /** By object number. */
  private readonly offsets: number[] = [];
  private lastNumber = INFO;

  /** The bytes written so far. */
  get length(): number {
    return this.written;
  }

  /** The trailer's /Size: one more than the highest object number. */
  get size(): number {
    return this.lastNumber + 1;
  }

  newNumber(): number {
    this.lastNumber += 1;
    return this.lastNumber;
  }

  /** Text is written one byte per character (PDF text here is Latin-1). */
  write(part: Uint8Array | string): void {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    this.pending.push(bytes);
    this.pendingLength += bytes.length;
    this.written += bytes.length;
  }

  writeObject(number: number, value: string, stream?: Uint8Array): void {
    if (this.written > MAX_OFFSET)
      throw new PdfMergeRefused(
        'The merged PDF would be larger than a cross-reference table can address (10 GB).',
      );
    this.offsets[number] = this.written;
    if (stream === undefined) {
      this.write(`${number} 0 obj\n${value}\nendobj\n`);
      return;
    }
    this.write(`${number} 0 obj\n${value}\nstream\n`);
    this.write(stream);
    this.write('\nendstream\nendobj\n');
  }

  /** What is pending as one chunk, once there is at least `atLeast` of it. */
  *chunks(atLeast = CHUNK_BYTES): Generator<Uint8Array> {
    if (this.pendingLength === 0 || this.pendingLength < atLeast) return;
    const chunk = Buffer.concat(this.pending, this.pendingLength);
    this.pending = [];
    this.pendingLength = 0;
    yield chunk;
  }

  /** The table, in parts: entries are 20 bytes each (ISO 32000-1, 7.5.4). */
  *crossReferenceTable(): Generator<string> {
    yield `xref\n0 ${this.size}\n0000000000 65535 f \n`;
    for (let first = 1; first <= this.lastNumber; first += ENTRIES_PER_PART) {
      let part = '';
      for (let number = first; number < Math.min(first + ENTRIES_PER_PART, this.size); number += 1)
        part += `${String(this.offsets[number]).padStart(10, '0')} 00000 n \n`;
      yield part;
    }
  }
}
