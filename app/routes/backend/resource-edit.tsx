import type { Route } from "#app/server/route-types";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, ConfirmAction, Notice } from "#app/components/ui";
import { ResourceAfterForm, ResourceExtras } from "#app/features/resource-editors";
import { ConflictNotice, ResourceForm } from "#app/components/backend/resource-form";
import { openingHoursStylesheet } from "#app/components/backend/opening-hours-editor";
import {
  resourceEditAction,
  resourceEditLoader,
} from "#app/features/backoffice/resource-pages.server";
import { resourceAt } from "#app/features/resources.server";
import { de } from "#app/i18n/de-backoffice";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: openingHoursStylesheet },
];

/** New and edit page of every back-office resource: `/backend/<resource>/new|{id}` (decision 035). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  resourceEditLoader(request, context, params, resourceAt(request));
export const action = ({ request, context, params }: Route.ActionArgs) =>
  resourceEditAction(request, context, params, resourceAt(request));

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(data?.title ?? "");

const texts = de.resources.edit;

export default function ResourceEdit() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const listPath = `/backend/${page.name}`;
  return (
    <section className="resource-edit">
      <p>
        <Link to={listPath}>{texts.back(page.texts.plural)}</Link>
      </p>
      <div className="backoffice-heading">
        <h1>{page.title}</h1>
      </div>
      <Notice>{page.notice}</Notice>
      <ConflictNotice conflict={reply?.conflict} />
      <ResourceForm
        key={reply?.version ?? page.version ?? "new"}
        id={`${page.name}-form`}
        fields={page.fields}
        defaults={page.defaults}
        choices={page.choices}
        lastResult={reply?.result}
        version={reply?.version ?? page.version}
        submitLabel={page.isNew ? texts.create : texts.save}
        cancelTo={listPath}
        message={reply?.message}
        images={page.images}
        staged={reply?.staged}
      >
        <ResourceExtras
          name={page.name}
          values={
            (reply?.result?.initialValue as Record<string, unknown> | undefined) ?? page.extras
          }
          errors={reply?.result?.error}
          pageExtras={page.pageExtras}
          choices={page.choices}
        />
      </ResourceForm>
      <ResourceAfterForm name={page.name} pageExtras={page.pageExtras} choices={page.choices} />
      {page.actions.length ? (
        <div className="resource-actions resource-page-actions">
          {page.actions.map((entry) => (
            <Form key={entry.action} method="post" action={entry.action}>
              <Button type="submit" variant="secondary">
                {entry.label}
              </Button>
            </Form>
          ))}
        </div>
      ) : null}
      {page.id && page.canDelete ? (
        <div className="danger-zone">
          <ConfirmAction
            name="loeschen"
            label={texts.delete}
            question={texts.confirmDelete(page.title)}
            text={texts.confirmDeleteHint}
            confirmLabel={texts.yesDelete}
            variant="danger"
          >
            <input type="hidden" name="intent" value="delete" />
          </ConfirmAction>
        </div>
      ) : null}
    </section>
  );
}
