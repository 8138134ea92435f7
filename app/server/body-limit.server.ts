import type { Socket } from "node:net";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { de } from "#app/i18n/de";
import { FORM_TEXT_BYTES, IMAGE_FORM_BYTES, IMAGE_MAX_BYTES } from "#app/domain/image-files";
import { MAX_REQUEST_BYTES } from "#app/features/cart/item-request.server";
import { BULK_BODY_BYTES, CSV_FORM_BYTES, CSV_MAX_BYTES } from "#app/features/catalogue/csv-limits";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { MAX_UPLOAD_REQUEST_BYTES } from "#app/features/uploads/upload-form.server";
import {
  SIGNAGE_VIDEO_FORM_OVERHEAD,
  SIGNAGE_VIDEO_MAX_BYTES,
} from "#app/features/signage/signage-video.server";

/**
 * One limit for every request body, enforced while the body arrives, whatever its framing
 * (docs/decisions/027). A declared Content-Length above the limit is refused before a byte is
 * read; a chunked body is counted as the HTTP parser hands it over and refused the moment it
 * passes the limit. Either way the client gets a 413 with a German message and the connection is
 * closed: the rest of the body is never read into memory. The one exception is the CSV import: an
 * oversize file is bad input of a form the issue names, so it gets the import's own 400 and
 * message (decision 036) instead of the generic 413.
 */

/** Forms and JSON: a checkout form or a staff edit is a few kilobytes. */
export const FORM_BODY_BYTES = 64 * 1024;
/** The payment providers' notifications (their route checks the same figure). */
export const WEBHOOK_BODY_BYTES = 256 * 1024;
/** How long the unread rest of a refused body is dropped before the connection is cut. */
const LINGER_MS = 1_000;
/** Bodies up to this size are held until complete and only then handed to the app. */
const HELD_BODY_BYTES = 1024 * 1024;

/** The cart form of the branch page and the item dialog, with or without single fetch's `.data`. */
const CART_FORM = /^\/store\/[^/]+(\/product\/[^/]+)?(\.data)?$/;
const WEBHOOK = /^\/api\/payments\/[^/]+\/webhook$/;
/** A back-office edit page (`/backend/<resource>/new|<id>`), whose form may carry images. */
const RESOURCE_FORM = /^\/backend\/[a-z-]+\/(new|\d+)(\.data)?$/;
/** The products' CSV import (page and API): a file of up to 10 MB (decision 036). */
const CSV_IMPORT = /^\/(backend|api)\/products\/import(\.data)?$/;
/** One image and its fields through the API (decision 038). */
const IMAGE_API = /^\/api\/images(\/\d+)?$/;
/** A bulk change through the API names many ids and their versions. */
const BULK_API = /^\/api\/products\/bulk$/;
/** A signage segment's video (decision 060): up to 200 MB, streamed to disk by the route. */
const SIGNAGE_VIDEO = /^\/backend\/digital-signage-segments\/\d+\/video(\.data)?$/;
/** Staff files (decision 037): the API and the back office's "Dateien" form. */
const STAFF_UPLOADS = /^\/(api\/uploads(\/\d+)?|backend\/uploads)(\.data)?$/;

/**
 * The body limit of a request: the cart form's multipart body takes a few photos, everything else
 * (the same form without files included) is small.
 */
export function bodyLimitFor(path: string, contentType = ""): number {
  if (CART_FORM.test(path) && contentType.startsWith("multipart/form-data")) {
    return MAX_REQUEST_BYTES;
  }
  if (RESOURCE_FORM.test(path) && contentType.startsWith("multipart/form-data")) {
    return IMAGE_FORM_BYTES;
  }
  if (STAFF_UPLOADS.test(path) && contentType.startsWith("multipart/form-data")) {
    return MAX_UPLOAD_REQUEST_BYTES;
  }
  if (SIGNAGE_VIDEO.test(path) && contentType.startsWith("multipart/form-data")) {
    return SIGNAGE_VIDEO_MAX_BYTES + SIGNAGE_VIDEO_FORM_OVERHEAD;
  }
  if (IMAGE_API.test(path) && contentType.startsWith("multipart/form-data")) {
    return IMAGE_MAX_BYTES + FORM_TEXT_BYTES;
  }
  if (WEBHOOK.test(path)) return WEBHOOK_BODY_BYTES;
  if (CSV_IMPORT.test(path)) return CSV_FORM_BYTES;
  if (BULK_API.test(path)) return BULK_BODY_BYTES;
  return FORM_BODY_BYTES;
}

export interface BodyLimitOptions {
  limitFor?: (path: string, contentType: string | undefined) => number;
}

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

const REFUSED = "bodyTooLarge";

/**
 * The guard, first in the middleware chain. Small bodies (forms, JSON) are held until they are
 * complete and only then passed on, so a body over the limit is refused before the app runs.
 * Large ones (the upload form) are passed on while they arrive and cut at the limit; the app's
 * reader then fails, and its late answer is dropped by `quietAfterBodyRefused`.
 *
 * The count sits in the request's `push`: Node's HTTP parser hands every body chunk to the
 * request stream through it as the chunk arrives, before any reader buffers it.
 */
export function limitRequestBodies(options: BodyLimitOptions = {}): RequestHandler {
  const limitFor = options.limitFor ?? bodyLimitFor;
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && (declared === undefined || declared === "0")) return next();
    const limit = limitFor(req.path, req.headers["content-type"]);
    if (!chunked && Number(declared) > limit) return refuse(req, res);
    if (req.complete) return req.readableLength > limit ? refuse(req, res) : next();

    const push = req.push.bind(req) as Push;
    let seen = req.readableLength;
    let refused = false;
    let dropping = false;
    const held: Buffer[] | null = limit <= HELD_BODY_BYTES ? [] : null;
    (req as { push: Push }).push = (chunk, encoding) => {
      // Past the limit (or after an early answer) the rest is dropped as it comes, until the
      // connection closes.
      if (refused || dropping) return true;
      if (chunk === null) {
        delete (req as { push?: Push }).push;
        if (!held) return push(null);
        for (const piece of held) push(piece);
        held.length = 0;
        const result = push(null);
        // Not inside the parser's callback: the app runs on the next tick.
        process.nextTick(next);
        return result;
      }
      seen += (chunk as Buffer).length;
      if (seen > limit) {
        refused = true;
        if (held) held.length = 0;
        refuse(req, res);
        return true;
      }
      if (!held) return push(chunk, encoding);
      held.push(chunk as Buffer);
      return true;
    };
    if (!held) {
      closeAfterEarlyAnswer(req, res, () => {
        dropping = true;
      });
      next();
    }
  };
}

/**
 * A streamed body the app answers before reading it all (the video page's 413 by the declared
 * length, a 403 before the upload is read) would leave its rest unread on a keep-alive
 * connection: the client goes on sending into a socket nobody reads, Node keeps it for the next
 * request, and that request waits until the keep-alive timeout resets the connection
 * (ECONNRESET). So such an answer says "Connection: close" (RFC 9112 9.6), the rest is dropped
 * unread, and the connection lingers closed like a refused one: the client gets the whole
 * answer, and its next request opens a new connection.
 */
function closeAfterEarlyAnswer(req: Request, res: Response, drop: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete && !res.locals[REFUSED] && !res.headersSent) {
      res.setHeader("Connection", "close");
      drop();
      res.once("finish", () => lingerThenClose(req.socket));
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

/**
 * The last error handler: once the guard answered 413 mid-stream, the app's late answer fails to
 * write to the finished response; that error is expected and goes nowhere.
 */
export const quietAfterBodyRefused: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.locals[REFUSED]) return;
  next(error);
};

function wantsJson(req: Request): boolean {
  if (req.path.startsWith("/api/")) return true;
  const accept = req.headers.accept ?? "";
  const type = req.headers["content-type"] ?? "";
  return (
    type.startsWith("application/json") ||
    (accept.includes("application/json") && !accept.includes("text/html"))
  );
}

/** How a path's oversize body is refused: the generic 413, or the CSV import's own 400. */
export function refusalFor(path: string): { status: 400 | 413; message: string; title: string } {
  if (CSV_IMPORT.test(path)) {
    const message = deCatalogue.bulk.csvErrors.tooLarge(CSV_MAX_BYTES / 1024 / 1024);
    return { status: 400, message, title: deCatalogue.bulk.csvErrors.tooLargeTitle };
  }
  return { status: 413, message: de.requestBody.tooLarge, title: de.requestBody.tooLargeTitle };
}

function refuse(req: Request, res: Response): void {
  res.locals[REFUSED] = true;
  if (res.headersSent) {
    // The app answered without reading the body: only the rest of the body is left to stop.
    if (res.writableFinished) lingerThenClose(req.socket);
    else res.once("finish", () => lingerThenClose(req.socket));
    return;
  }
  const json = wantsJson(req);
  const refusal = refusalFor(req.path);
  const body = json
    ? JSON.stringify({ errors: [{ message: refusal.message }] })
    : refusalPage(refusal);
  res.writeHead(refusal.status, {
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'",
    "X-Content-Type-Options": "nosniff",
    // Node closes the connection once the answer is out; the unread rest is never taken in.
    Connection: "close",
  });
  lingerThenClose(req.socket);
  res.end(body);
}

/**
 * Closing a connection while the client is still sending makes the kernel answer with a reset,
 * which can overtake the 413 on its way. So, as web servers do ("lingering close"): after the
 * answer only our side is closed, whatever still arrives is dropped unread for a moment, then the
 * connection is cut. The app, if it still waits for the body (upload form), then sees its read
 * fail.
 */
function lingerThenClose(socket: Socket): void {
  if (socket.destroyed) return;
  const cut = () => {
    clearTimeout(timer);
    if (!socket.destroyed) socket.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  // Node ends a "Connection: close" answer with destroySoon (end, then destroy): end only.
  (socket as Socket & { destroySoon?: () => void }).destroySoon = () => socket.end();
  socket.once("end", cut);
  socket.once("close", () => clearTimeout(timer));
  if (!socket.writable) cut();
  else socket.resume();
}

function refusalPage(refusal: { message: string; title: string }): string {
  const text = de.requestBody;
  return (
    `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${refusal.title}</title></head><body><h1>${refusal.title}</h1>` +
    `<p>${refusal.message}</p><p><a href="/">${text.backHome}</a></p></body></html>`
  );
}
