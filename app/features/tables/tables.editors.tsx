import type { ResourceEditor } from "#app/features/backoffice/resource-editor";
import { TableCode } from "./table-code";

/** A table's QR code below its form (decision 076). */
export const tableEditor: ResourceEditor = {
  resource: "tables",
  AfterForm: ({ pageExtras }) =>
    typeof pageExtras?.svg === "string" ? (
      <TableCode
        id={Number(pageExtras.tableId)}
        name={String(pageExtras.tableName)}
        url={String(pageExtras.url)}
        svg={pageExtras.svg}
      />
    ) : null,
};
