import sanitizeHtml from "sanitize-html";

/**
 * Rich text from the back office's wysiwyg fields (content pages, blocks, news entries), cleaned
 * on the server before it is stored and again before it is shown, so a pasted `<script>`, an
 * `onerror=` or a `javascript:` link never reaches a visitor's browser. What survives is what the
 * spec's toolbar can make (section 3, "CMS field types"): headings, alignment, bold, italic,
 * underline, strikethrough, numbered and bulleted lists, tables and links. Source editing may
 * type anything; only these survive.
 */
const ALIGN = [/^(left|right|center|justify)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ol",
    "ul",
    "li",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "a",
    "hr",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    "*": ["style"],
  },
  allowedStyles: { "*": { "text-align": ALIGN } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // h1 belongs to the page's title; a pasted one becomes the next level down.
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === "_blank"
          ? { ...attribs, rel: "noopener noreferrer" }
          : Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== "target")),
    }),
  },
  // Whatever a disallowed tag wraps stays as text, except code that must never show.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe"],
};

/** Stored and shown rich text: only the toolbar's markup, with safe links. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a rich-text value reads as, for descriptions, search and length checks. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
