import { Link } from "@remix-run/react";
import type { ItemDialogView } from "#app/features/storefront/item-dialog.server";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { Button } from "#app/components/ui/button";
import { UrlDialog } from "#app/components/ui/dialog";

/**
 * The item dialog of the preview, read-only: what the storefront's dialog shows (name, text,
 * allergens, price, units, the configurable steps with their options and surcharges), with the
 * cart button disabled. Nothing here posts: the preview has no cart.
 */
const t = deCatalogue.menus;

export function MenuPreviewDialog({
  dialog,
  closeTo,
}: {
  dialog: ItemDialogView;
  closeTo: string;
}) {
  return (
    <UrlDialog
      labelledBy="artikel-titel"
      closeTo={closeTo}
      className="item-dialog menu-preview-dialog"
    >
      <div className="item-form">
        <h2 id="artikel-titel">{dialog.name}</h2>
        {dialog.description ? <p>{dialog.description}</p> : null}
        {dialog.allergens ? <p className="allergens">{dialog.allergens}</p> : null}
        <p className="price">{dialog.priceLabel}</p>
        {dialog.isAvailable ? null : <p className="notice">{de.menu.unavailable}</p>}
        {dialog.units.length > 1 ? (
          <p>
            {t.previewUnits}: {dialog.units.map((unit) => unit.label).join(", ")}
          </p>
        ) : null}
        {dialog.parts.map((part, index) => (
          <section key={part.id} className="item-step" aria-labelledby={`teil-${part.id}`}>
            <h3 id={`teil-${part.id}`}>
              {dialog.isStepByStep ? `${de.itemDialog.step(index + 1, dialog.parts.length)}: ` : ""}
              {part.name}
              {part.isOptional ? ` (${t.previewOptional})` : ""}
            </h3>
            {part.description || part.hint ? (
              <p className="field-hint">
                {[part.description, part.hint].filter(Boolean).join(" ")}
              </p>
            ) : null}
            {part.options.length ? (
              <ul aria-label={t.previewOptions}>
                {part.options.map((option) => (
                  <li key={option.id}>
                    {option.name}
                    {option.priceLabel ? ` (${option.priceLabel})` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <p className="cart-hint">{t.previewCartDisabled}</p>
        <div className="dialog-actions">
          <Link to={closeTo} preventScrollReset replace>
            {t.previewClose}
          </Link>
          <Button variant="store" className="primary" disabled>
            {de.itemDialog.save}
          </Button>
        </div>
      </div>
    </UrlDialog>
  );
}
