import { marked } from "marked";
import { sanitizeRichText } from "#app/domain/rich-text.server";

/**
 * A block's markdown as the landing page shows it (decision 040): `marked` turns it into HTML,
 * then the rich-text cleaner keeps only what the wysiwyg toolbar could have made, so raw HTML
 * typed into markdown (a `<script>`, an `onerror=`) never reaches a visitor.
 */
export function markdownToSafeHtml(source: string): string {
  if (source.trim() === "") return "";
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  return sanitizeRichText(html);
}
