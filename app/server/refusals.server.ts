import type { Response as ExpressResponse } from "express";
import { de } from "../i18n/de";
import { de as staffTexts } from "../i18n/de-staff";

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
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${heading}</title></head><body><main><h1>${heading}</h1><p>${escapeHtml(message)}</p><p><a href="${home}">${homeText}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

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
