import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/**
 * A page's server HTML as a reader without scripts gets it: parsed the way a browser with scripting disabled parses
 * it (the content of <noscript> is markup), with nothing run. Everything a test asks is read from this tree.
 */
export class ServerHtml {
  readonly document: DefaultTreeAdapterMap['document'];

  constructor(readonly html: string) {
    this.document = parse(html, { scriptingEnabled: false });
  }

  /** Every element, in document order, that `match` accepts, below `root` (the whole document by default). */
  all(match: (element: Element) => boolean, root: Node = this.document): Element[] {
    return walk(root, match, false);
  }

  tag(tagName: string, root?: Node): Element[] {
    return this.all((element) => element.tagName === tagName, root);
  }

  /**
   * Every element that a visitor without scripts could see: not inside a `hidden` element (where React puts the
   * parts it streams after the first flush, for a script to move into place) or a <template>.
   */
  visible(match: (element: Element) => boolean): Element[] {
    return walk(this.document, match, true);
  }

  /**
   * The document's title as a browser takes it: the first <title> in the document (Next.js streams a dynamic page's
   * metadata after the frame, so it may come in <body>). `inHead`: only one in <head>.
   */
  title({ inHead = false }: { inHead?: boolean } = {}): string | undefined {
    const root = inHead ? this.tag('head')[0] : this.document;
    const [title] = root ? this.all((element) => element.tagName === 'title' && element.namespaceURI === HTML_NAMESPACE, root) : [];
    return title ? textOf(title) : undefined;
  }

  /** The content of every robots meta tag (Next.js adds its own beside the page's). */
  robots(): string[] {
    return this.all((element) => element.tagName === 'meta' && attr(element, 'name') === 'robots').map((meta) => attr(meta, 'content') ?? '');
  }
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

export function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** The text as a reader gets it: the text nodes below, whitespace collapsed. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const visit = (current: Node) => {
    if (current.nodeName === '#text' && 'value' in current) parts.push(current.value);
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function walk(root: Node, match: (element: Element) => boolean, skipHidden: boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if (isElement(node)) {
      if (skipHidden && (node.tagName === 'template' || attr(node, 'hidden') !== undefined)) return;
      if (match(node)) found.push(node);
      // A <template>'s content is a fragment of its own.
      if (node.tagName === 'template' && 'content' in node) visit(node.content as Node);
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return found;
}
