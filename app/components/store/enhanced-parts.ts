import { useNavigate, useSubmit } from "@remix-run/react";
import { useCallback } from "react";

/**
 * The visitor's parts of a kept page have plain forms and links (decision 049: they render alike
 * alone and in the page, without the router). With JavaScript these handlers, placed on an
 * element around them, give them to the router as `<Form>` and `<Link>` would: a form or link
 * marked `data-enhance` is submitted or followed without a page load; `data-enhance="stay"` keeps
 * the scroll position, as the cart's own changes do.
 */
export function useEnhancedParts() {
  const submit = useSubmit();
  const navigate = useNavigate();
  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLElement>) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
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
      if (event.defaultPrevented || event.button !== 0) return;
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
