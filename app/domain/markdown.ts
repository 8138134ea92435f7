/**
 * The shop's small markdown (legal texts, decision 035): paragraphs, `## ` and `### ` headings,
 * lists of `- ` lines, line breaks. Everything typed is escaped, so a text can never carry markup
 * or scripts onto the page. Pure.
 */
function escape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export function markdownToHtml(markdownText: string): string {
  return markdownText
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => {
      const lines = paragraph.split("\n");
      if (lines.every((line) => line.startsWith("- "))) {
        return `<ul>${lines.map((line) => `<li>${escape(line.slice(2))}</li>`).join("")}</ul>`;
      }
      const heading = lines[0]?.match(/^(#{2,3}) (.*)$/);
      const body = heading ? lines.slice(1) : lines;
      const level = heading?.[1]?.length;
      const title = heading ? `<h${level}>${escape(heading[2] ?? "")}</h${level}>` : "";
      return title + (body.length > 0 ? `<p>${body.map(escape).join("<br>")}</p>` : "");
    })
    .join("\n");
}
