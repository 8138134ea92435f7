import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useLoaderData } from "@remix-run/react";
import { FilterBar, Select, Button } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { useHydrated } from "#app/components/use-hydrated";
import { branchScope } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { tableMenuUrl, tableQrSvg, tablesForSheet } from "#app/features/tables/table-qr.server";
import { deTables } from "#app/i18n/de-tables";
import sheetStyles from "#app/styles/table-codes.css?url";

const texts = deTables;
/** One A4 page holds twelve codes; a sheet of 300 is 25 pages, enough for any branch. */
const MAX_CODES = 300;

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: sheetStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(texts.sheetTitle);

/**
 * `/backend/tables/qr-codes[?filiale=ID]` (issue 36, item 4; decision 076): the printable A4 sheet
 * of the tables' QR codes, one sheet per branch, with each code's SVG and PNG to download.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN", "ROLE_MANAGER"] });
  const scope = branchScope(user);
  let branches = context.db.selectFrom("branches").select(["id", "name"]).orderBy("position");
  if (scope !== "all") branches = branches.where("id", "in", scope.length ? [...scope] : [-1]);
  const choices = await branches.orderBy("name").execute();
  const raw = new URL(request.url).searchParams.get("filiale") ?? "";
  const chosen = raw === "" ? null : parseId(raw);
  if (raw !== "" && chosen === null) throw data({ message: texts.badBranch }, { status: 400 });
  if (chosen !== null && !choices.some((branch) => branch.id === chosen)) {
    throw data({ message: texts.unknownBranch }, { status: 404 });
  }
  const { tables, total } = await tablesForSheet(
    context.db,
    chosen === null ? choices.map((branch) => branch.id) : [chosen],
    MAX_CODES,
  );
  const sheets: { branchId: number; branchName: string; codes: Code[] }[] = [];
  for (const table of tables) {
    const url = tableMenuUrl(context.config.publicOrigin, table.branchIdentifier, table.identifier);
    const code = { id: table.id, name: table.name, url, svg: await tableQrSvg(url) };
    const sheet = sheets.at(-1);
    if (sheet?.branchId === table.branchId) sheet.codes.push(code);
    else sheets.push({ branchId: table.branchId, branchName: table.branchName, codes: [code] });
  }
  return {
    choices: choices.map((branch) => ({ value: String(branch.id), label: branch.name })),
    chosen: chosen === null ? "" : String(chosen),
    sheets,
    shown: tables.length,
    total,
  };
}

interface Code {
  id: number;
  name: string;
  url: string;
  svg: string;
}

export default function TableCodes() {
  const { choices, chosen, sheets, shown, total } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <section className="table-codes">
      <div className="backoffice-heading table-codes-screen">
        <h1>{texts.sheetTitle}</h1>
        {hydrated && sheets.length > 0 ? (
          <Button type="button" onClick={() => window.print()}>
            {texts.print}
          </Button>
        ) : null}
      </div>
      <p className="table-codes-screen">{texts.intro}</p>
      <div className="table-codes-screen">
        <FilterBar
          label={texts.filter}
          resetHref="/backend/tables/qr-codes"
          submitLabel={texts.show}
        >
          <Select
            id="filiale"
            name="filiale"
            label={texts.branch}
            defaultValue={chosen}
            options={[{ value: "", label: texts.allBranches }, ...choices]}
          />
        </FilterBar>
      </div>
      {shown < total ? <p className="table-codes-screen">{texts.tooMany(shown, total)}</p> : null}
      {sheets.length === 0 ? <p>{texts.noTables}</p> : null}
      {sheets.map((sheet) => (
        <section
          key={sheet.branchId}
          className="table-codes-sheet"
          aria-labelledby={`tische-${sheet.branchId}`}
        >
          <h2 id={`tische-${sheet.branchId}`}>{sheet.branchName}</h2>
          <ul className="table-codes-grid">
            {sheet.codes.map((code) => (
              <li key={code.id} className="table-code">
                <div
                  className="table-code-image"
                  role="img"
                  aria-label={texts.codeOf(code.name)}
                  // The library's own SVG of an address we built: no visitor's text in it.
                  dangerouslySetInnerHTML={{ __html: code.svg }}
                />
                <p className="table-code-name">{code.name}</p>
                <p className="table-code-scan">{texts.scan}</p>
                <a className="table-code-url" href={code.url}>
                  {code.url}
                </a>
                <p className="table-code-files table-codes-screen">
                  {texts.download}{" "}
                  <a
                    href={`/backend/tables/${code.id}/qr.svg`}
                    download
                    aria-label={texts.svgLabel(code.name)}
                  >
                    SVG
                  </a>{" "}
                  <a
                    href={`/backend/tables/${code.id}/qr.png`}
                    download
                    aria-label={texts.pngLabel(code.name)}
                  >
                    PNG
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
