import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import {
  buttonClass,
  ConfirmAction,
  DataTable,
  FilterBar,
  Notice,
  Pagination,
  TextInput,
} from "../../components/ui";
import { resourceLinks } from "../../components/backend/resource-styles";
import uploadStyles from "../../styles/uploads.css?url";
import { de as backOffice } from "../../i18n/de-backoffice";
import { deUploads } from "../../i18n/de-uploads";
import { uploadsPageAction, uploadsPageLoader } from "../../features/uploads/uploads-page.server";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

const texts = deUploads.list;
const list = backOffice.resources.list;

export const links: LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: uploadStyles },
];

export const meta: MetaFunction = () => staffPageMeta(texts.title);

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  uploadsPageLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  uploadsPageAction(request, context);

/** The back office's "Dateien" (decision 037). */
export default function Uploads() {
  const { uploads, notice, search, paging, hint } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const [headline, ...reasons] = result?.errors ?? [];
  return (
    <section className="uploads-page">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <p>{texts.intro}</p>
      <Notice>{notice}</Notice>
      {headline ? (
        <div className="ui-notice ui-notice-error" role="alert">
          <p>{headline}</p>
          {reasons.length ? (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        className="resource-section uploads-form"
        aria-labelledby="datei-hochladen"
      >
        <h2 id="datei-hochladen">{deUploads.form.title}</h2>
        <div className="ui-field">
          <label htmlFor="datei">{deUploads.form.files}</label>
          <span id="datei-hilfe" className="ui-field-help">
            {hint}
          </span>
          <input
            id="datei"
            name="file"
            type="file"
            multiple
            required
            aria-describedby="datei-hilfe"
          />
        </div>
        <div className="resource-actions">
          <button type="submit" className={buttonClass()} disabled={busy}>
            {deUploads.form.submit}
          </button>
        </div>
      </Form>

      <FilterBar label={list.searchLabel(texts.title)} resetHref={location.pathname}>
        <TextInput
          id="suche"
          name="suche"
          type="search"
          label={list.searchLabel(texts.title)}
          defaultValue={search}
          maxLength={100}
        />
      </FilterBar>
      {uploads.length === 0 ? (
        <p>{search ? list.noHits : texts.empty}</p>
      ) : (
        <DataTable
          label={texts.title}
          sort={{ key: null, dir: "desc" }}
          columns={[
            { key: "preview", label: texts.preview },
            { key: "name", label: texts.name },
            { key: "type", label: texts.type },
            { key: "size", label: texts.size, numeric: true },
            { key: "uploaded", label: texts.uploaded },
            { key: "origin", label: texts.order },
            { key: "actions", label: texts.actions },
          ]}
        >
          {uploads.map((upload) => (
            <tr key={upload.id}>
              <td>
                <a
                  href={upload.url}
                  className="uploads-preview"
                  aria-label={texts.open(upload.name)}
                >
                  <img
                    src={upload.previewUrl}
                    alt={texts.previewOf(upload.name)}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </a>
              </td>
              <th scope="row" className="uploads-name">
                <a href={upload.url}>{upload.name}</a>
              </th>
              <td>{upload.type}</td>
              <td className="ui-numeric">{upload.size}</td>
              <td>
                <time dateTime={upload.uploadedAt}>{upload.uploaded}</time>
              </td>
              <td>
                {upload.orderIds.length > 0
                  ? upload.orderIds.map((orderId) => (
                      <Link
                        key={orderId}
                        to={`/backend/orders/${orderId}`}
                        className="uploads-order"
                      >
                        {texts.orderLink(`#${orderId}`)}
                      </Link>
                    ))
                  : upload.isStaffFile
                    ? texts.staffFile
                    : texts.customerFile}
              </td>
              <td>
                {upload.orderIds.length === 0 ? (
                  <ConfirmAction
                    name={`loeschen-${upload.id}`}
                    label={texts.delete}
                    question={deUploads.confirm.title(upload.name)}
                    text={deUploads.confirm.hint}
                    confirmLabel={deUploads.confirm.yes}
                    action="/backend/uploads"
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={upload.id} />
                  </ConfirmAction>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="resource-total">{list.total(paging.total)}</p>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </section>
  );
}
