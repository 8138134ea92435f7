import { deTables } from "#app/i18n/de-tables";

const texts = deTables;

/** A table's QR code on its edit page (decision 076): the code, its address and the downloads. */
export function TableCode({
  id,
  name,
  url,
  svg,
}: {
  id: number;
  name: string;
  url: string;
  svg: string;
}) {
  return (
    <section className="table-code-panel" aria-labelledby="tisch-qr-code">
      <h2 id="tisch-qr-code">{texts.codeOf(name)}</h2>
      <div
        className="table-code-panel-image"
        // The SVG has a viewBox only: it takes this width (resources.css is shared by every area).
        style={{ maxWidth: "12rem", background: "var(--white)" }}
        role="img"
        aria-label={texts.codeOf(name)}
        // The library's own SVG of an address we built: no visitor's text in it.
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p>
        <a href={url}>{url}</a>
      </p>
      <p>
        {texts.download}{" "}
        <a href={`/backend/tables/${id}/qr.svg`} download aria-label={texts.svgLabel(name)}>
          SVG
        </a>{" "}
        <a href={`/backend/tables/${id}/qr.png`} download aria-label={texts.pngLabel(name)}>
          PNG
        </a>{" "}
        <a href="/backend/tables/qr-codes">{texts.sheetLink}</a>
      </p>
    </section>
  );
}
