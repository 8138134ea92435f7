import { Link } from "@remix-run/react";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { Button, buttonClass } from "#app/components/ui";

/**
 * A stored menu's edit page: the way to its catalogue editor and its preview, and "Katalog
 * kopieren" (a submit button of the page's form that posts to the editor's action instead).
 */
const t = deCatalogue.menus;

export function MenuLinks({ menuId }: { menuId: number | undefined }) {
  if (!menuId) return null;
  const base = `/backend/menus/${menuId}`;
  return (
    <fieldset className="resource-section">
      <legend>{t.sections.menu}</legend>
      <p className="resource-actions">
        <Link className={buttonClass("secondary")} to={`${base}/catalogue`}>
          {t.editCatalogue}
        </Link>
        <Link className={buttonClass("secondary")} to={`${base}/preview`}>
          {t.preview}
        </Link>
      </p>
      <p className="resource-actions">
        <Button
          type="submit"
          variant="quiet"
          formAction={`${base}/catalogue`}
          formMethod="post"
          name="intent"
          value="copy"
          aria-describedby="katalog-kopieren-hilfe"
        >
          {t.copy}
        </Button>
        <span id="katalog-kopieren-hilfe" className="ui-field-help">
          {t.copyHint}
        </span>
      </p>
    </fieldset>
  );
}
