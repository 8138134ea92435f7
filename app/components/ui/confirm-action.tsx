import { Form, Link, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { de } from "#app/i18n/de-staff";
import { useHydrated } from "#app/components/use-hydrated";
import { buttonClass, type ButtonVariant } from "./button";

/** The query parameter that asks for a confirmation step: `?bestaetigen=<name>`. */
export const CONFIRM_PARAM = "bestaetigen";

interface ConfirmActionProps {
  /** Names the action in the address (`?bestaetigen=cancel`); unique on the page. */
  name: string;
  /** The trigger's text ('Stornieren'). */
  label: string;
  /** The confirmation's heading ('Wirklich stornieren?'). */
  question: string;
  /** What happens, in one sentence. */
  text?: string;
  /** The button that really does it ('Ja, stornieren'). */
  confirmLabel: string;
  /** Hidden fields (and any input the action needs) of the real POST form. */
  children: ReactNode;
  /** Where the form posts; the current route by default. */
  action?: string;
  variant?: ButtonVariant;
}

function withoutConfirm(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function ConfirmBody({
  headingId,
  question,
  text,
  confirmLabel,
  children,
  action,
  cancel,
  onSubmit,
}: Pick<ConfirmActionProps, "question" | "text" | "confirmLabel" | "children" | "action"> & {
  headingId: string;
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const navigation = useNavigation();
  return (
    <>
      <h2 id={headingId} className="ui-confirm-question">
        {question}
      </h2>
      {text ? <p>{text}</p> : null}
      <Form method="post" action={action} className="ui-confirm-form" onSubmit={onSubmit}>
        {children}
        <div className="ui-confirm-buttons">
          <button
            type="submit"
            className={buttonClass("danger")}
            disabled={navigation.state === "submitting"}
          >
            {confirmLabel}
          </button>
          {cancel}
        </div>
      </Form>
    </>
  );
}

/**
 * A destructive action asked once more (decision 031). Without JavaScript the trigger is a GET
 * form to `?bestaetigen=<name>`, where the page shows a panel with the real POST form and an
 * 'Abbrechen' link back; with JavaScript the same form opens in a modal <dialog> instead.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { name, label, variant = "danger" } = props;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const headingId = `bestaetigen-${name}-titel`;
  const anchor = `bestaetigung-${name}`;

  if (searchParams.get(CONFIRM_PARAM) === name) {
    return (
      <section id={anchor} className="ui-confirm-panel" aria-labelledby={headingId}>
        <ConfirmBody
          {...props}
          headingId={headingId}
          cancel={
            <Link
              to={withoutConfirm(location.pathname, location.search)}
              className={buttonClass("secondary")}
              replace
            >
              {de.ui.cancel}
            </Link>
          }
        />
      </section>
    );
  }

  const open = (event: { preventDefault: () => void }) => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== "function") return;
    event.preventDefault();
    element.showModal();
    const first = element.querySelector<HTMLElement>("textarea, select, input:not([type=hidden])");
    (first ?? cancelButton.current)?.focus();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      <form method="get" action={`${location.pathname}#${anchor}`} onSubmit={open}>
        <input type="hidden" name={CONFIRM_PARAM} value={name} />
        <button type="submit" className={buttonClass(variant)}>
          {label}
        </button>
      </form>
      {hydrated ? (
        <dialog ref={dialog} className="ui-confirm-dialog" aria-labelledby={headingId}>
          <ConfirmBody
            {...props}
            headingId={headingId}
            onSubmit={close}
            cancel={
              <button
                ref={cancelButton}
                type="button"
                className={buttonClass("secondary")}
                onClick={close}
              >
                {de.ui.cancel}
              </button>
            }
          />
        </dialog>
      ) : null}
    </>
  );
}
