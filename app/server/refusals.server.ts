import type { Response as ExpressResponse } from "express";
import { de } from "#app/i18n/de";
import { de as staffTexts } from "#app/i18n/de-staff";

/**
 * The answers the server gives before Remix runs (a hostile address, a cross-site form): JSON in
 * the API's shape under `/api/`, a small German page elsewhere. Never cached.
 */
export function refusal(
  pathname: string,
  status: number,
  message: string,
  title?: string,
): Response {
  const headers = { "Cache-Control": "no-store" };
  if (pathname.startsWith("/api/")) {
    return Response.json({ errors: [{ message }] }, { status, headers });
  }
  const heading = escapeHtml(title ?? titleFor(status));
  const home = pathname.startsWith("/backend") ? "/backend" : "/";
  const homeText = pathname.startsWith("/backend")
    ? staffTexts.backOffice.title
    : de.errors.backHome;
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${heading}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${heading}</h1><p>${escapeHtml(message)}</p><p><a href="${home}">${homeText}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

/**
 * These pages come before the app (and its stylesheet, whose name is hashed): the shop's colours
 * and type in a few inline rules, so that a refusal still looks like the shop (app/styles/app.css).
 */
const PAGE_STYLE =
  "body{margin:0;background:#fffaf3;color:#2b1d12;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5}" +
  "main{max-width:40rem;margin:0 auto;padding:3rem 1rem;text-align:center}" +
  "h1{font-size:1.75rem;margin:0 0 1rem}a{color:#7a3e12;display:inline-block;padding:0.25rem 0}" +
  "a:focus-visible{outline:3px solid #1a56db;outline-offset:2px}";

function titleFor(status: number): string {
  if (status === 403) return de.errors.forbiddenTitle;
  if (status === 404) return de.errors.notFoundTitle;
  return de.errors.badRequestTitle;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Sends a refusal through Express, closing the connection when the body was not read. */
export async function sendRefusal(
  res: ExpressResponse,
  answer: Response,
  options: { close?: boolean } = {},
): Promise<void> {
  res.status(answer.status);
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  if (options.close) res.setHeader("Connection", "close");
  res.send(Buffer.from(await answer.arrayBuffer()));
}
