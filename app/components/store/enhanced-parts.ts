import { useNavigate, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * The visitor's parts of a kept page have plain forms and links (decision 049: they render alike
 * alone and in the page, without the router). With JavaScript these handlers, placed on an
 * element around them, give them to the router as `<Form>` and `<Link>` would: a form or link
 * marked `data-enhance` is submitted or followed without a page load; `data-enhance="stay"` keeps
 * the scroll position, as the cart's own changes do.
 *
 * Until the page's effects have run the browser keeps these clicks and submissions: React Router
 * drops a `navigate()` made before then, after the default was prevented, and the visitor's click
 * would be lost (a click while the page hydrates).
 */
export function useEnhancedParts() {
  const submit = useSubmit();
  const navigate = useNavigate();
  const ready = useRef(false);
  useEffect(() => {
    ready.current = true;
  }, []);
  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLElement>) => {
      const form = event.target;
      if (!ready.current || event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      if (!form.hasAttribute("data-enhance")) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      // An interrupted submission's AbortError is passed over in entry.client.
      void submit(submitter instanceof HTMLButtonElement ? submitter : form, {
        preventScrollReset: true,
      });
    },
    [submit],
  );
  const onClick = useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      if (!ready.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-enhance]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${link.pathname}${link.search}${link.hash}`, {
        preventScrollReset: link.dataset.enhance === "stay",
      });
    },
    [navigate],
  );
  return { onSubmit, onClick };
}
