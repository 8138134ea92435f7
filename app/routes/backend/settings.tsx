import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice, Button } from "#app/components/ui";
import { ConflictNotice, ResourceForm } from "#app/components/backend/resource-form";
import {
  settingsPageAction,
  settingsPageLoader,
} from "#app/features/settings/settings-routes.server";
import { de } from "#app/i18n/de-backoffice";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

export const links = resourceLinks;

const texts = de.settings;

export const meta: MetaFunction = () => staffPageMeta(texts.title);

/** Every setting of the shop (spec section 3, Config), in sections; administrators only. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  settingsPageLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  settingsPageAction(request, context);

export default function Settings() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="settings">
      <div className="backoffice-heading">
        <h1>{texts.title}</h1>
      </div>
      <Notice>{page.notice}</Notice>
      <ConflictNotice conflict={reply?.conflict} />
      <ResourceForm
        key={reply?.version ?? page.version}
        id="settings-form"
        fields={page.fields}
        defaults={page.defaults}
        choices={{}}
        lastResult={reply?.result}
        version={reply?.version ?? page.version}
        submitLabel={de.resources.edit.save}
        cancelTo="/backend"
        message={reply?.message}
        images={page.images}
        staged={reply?.staged}
      >
        <div className="resource-actions">
          <Button type="submit" name="intent" value="preview" variant="secondary">
            {texts.previewButton}
          </Button>
          <span className="ui-field-help">{texts.previewHint}</span>
        </div>
      </ResourceForm>
      {reply?.previews?.length ? (
        <section className="legal-preview" aria-labelledby="vorschau">
          <h2 id="vorschau">{texts.preview}</h2>
          {reply.previews.map((preview) => (
            <article key={preview.label}>
              <h3>{preview.label}</h3>
              <div dangerouslySetInnerHTML={{ __html: preview.html }} />
            </article>
          ))}
        </section>
      ) : null}
    </section>
  );
}
