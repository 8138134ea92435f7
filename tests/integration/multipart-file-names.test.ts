import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { photoCakeAtAltstadt } from "#tests/support/photo-cake";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { rawRequest } from "#tests/support/raw-request";
import { jpegPhoto } from "#tests/support/sample-files";
import {
  createStaff,
  nextAddress,
  startAppServer,
  StaffClient,
  type AppServer,
} from "#tests/support/staff";

/**
 * Issue 36, item 2 (decision 075): a photo whose file name holds `;` or `=` ("Torte;
 * Geburtstag=1.jpg") could not be uploaded anywhere: Remix v2's multipart parser refused the
 * part's header as malformed and the customer got a generic refusal. Each name below is sent as
 * raw multipart, byte for byte as a browser or a script sends it, at the cart (the item's
 * photo), the back office (a product's picture, the images area and its API) and the files area
 * (page and API); the name is kept as it was meant, without folders or control characters.
 */

interface Name {
  title: string;
  /** The Content-Disposition parameters naming the file. */
  disposition: string;
  /** The name as stored and shown. */
  stored: string;
}

const NAMES: Name[] = [
  {
    title: "';' and '='",
    disposition: 'filename="Torte; Geburtstag=1.jpg"',
    stored: "Torte; Geburtstag=1.jpg",
  },
  {
    title: "an escaped quote",
    disposition: 'filename="Das \\"Beste\\" 1.jpg"',
    stored: 'Das "Beste" 1.jpg',
  },
  {
    // HTML's form encoding: a browser writes '"' as %22.
    title: "a browser's quote",
    disposition: 'filename="Das %22Beste%22 2.jpg"',
    stored: 'Das "Beste" 2.jpg',
  },
  {
    title: "raw UTF-8",
    disposition: 'filename="Törtchen ä.jpg"',
    stored: "Törtchen ä.jpg",
  },
  {
    title: "RFC 5987's filename*",
    disposition: `filename="Toertchen.jpg"; filename*=UTF-8''T%C3%B6rtchen%3B%20%C3%A4%3D2.jpg`,
    stored: "Törtchen; ä=2.jpg",
  },
  {
    title: "folders",
    disposition: 'filename="../../etc/Torte 3.jpg"',
    stored: "Torte 3.jpg",
  },
  {
    title: "control characters, escaped by the browser or in filename*",
    disposition: `filename="Tor%0Ate 4.jpg"; filename*=UTF-8''..%2FTor%07te%01%0A%204.jpg`,
    stored: "Torte 4.jpg",
  },
  {
    title: "a browser's escaped line break",
    disposition: 'filename="Tor%0D%0Ate 5.jpg"',
    stored: "Torte 5.jpg",
  },
];

const BOUNDARY = "----Grenze7MA4YWxkTrZu0gW";

type Part =
  | { name: string; value: string }
  | { name: string; disposition: string; bytes: Uint8Array; type: string };

/** A multipart body as it goes over the wire (headers in UTF-8, as browsers send them). */
function multipartBody(parts: Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      pieces.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n` +
            `${part.value}\r\n`,
        ),
      );
    } else {
      pieces.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; ` +
            `${part.disposition}\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from("\r\n"),
      );
    }
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

describe.each(databaseTargets())("file names with ';', '=', quotes and umlauts (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: StaffClient;
  let dataDir: string;
  let photo: Uint8Array;
  let cake: { id: number; photoField: string; otherFields: Record<string, string> };

  /** A raw POST as the browser sends it: our origin, the staff cookie where there is one. */
  function post(url: string, parts: Part[], client?: StaffClient) {
    const headers: Record<string, string> = {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      Origin: server.origin,
      "X-Forwarded-For": client?.address ?? nextAddress(),
      Accept: "text/html",
    };
    if (client?.cookie) headers.Cookie = client.cookie;
    return rawRequest(server.origin, "POST", url, headers, multipartBody(parts));
  }

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const now = new Date();
    await seedDemoData(db, { now });
    // The cake is orderable whenever the test runs: no product or category schedule.
    await db
      .updateTable("products")
      .set({ schedule: sql`'[]'::jsonb` })
      .execute();
    await db
      .updateTable("categories")
      .set({ schedule: sql`'[]'::jsonb` })
      .execute();
    const found = await photoCakeAtAltstadt(db, now);
    cake = { id: found.cake.id, photoField: found.photoField, otherFields: found.otherFields };
    dataDir = mkdtempSync(path.join(tmpdir(), "bt-file-names-"));
    server = await startAppServer(db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    photo = await jpegPhoto();
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const newestUpload = () =>
    db
      .selectFrom("uploads")
      .select(["originalName", "cartId", "isStaffFile"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  it("answers a part header no browser sends (a raw control character) with the cart's German 400", async () => {
    const answer = await post("/store/altstadt?index", [
      ...fields({ intent: "add", productId: String(cake.id), amount: "1", ...cake.otherFields }),
      {
        name: cake.photoField,
        disposition: 'filename="Tor\u0007te.jpg"',
        bytes: photo,
        type: "image/jpeg",
      },
    ]);
    // Answered, not a reset connection: the rest of the body was read.
    expect(answer?.status).toBe(400);
    expect(answer?.body).toContain(de.cartPanel.badRequest);
  });

  it("reads the products' CSV whose name comes only as filename* (a dry run)", async () => {
    const exported = await fetch(`${server.origin}/backend/products/export.csv`, {
      headers: { Cookie: admin.cookie!, "X-Forwarded-For": admin.address },
    });
    expect(exported.status).toBe(200);
    const answer = await post(
      "/backend/products/import",
      [
        ...fields({ intent: "pruefen" }),
        {
          name: "datei",
          disposition: "filename*=UTF-8''Preise%3B%20Sommer%3D1%20%C3%A4.csv",
          bytes: new Uint8Array(await exported.arrayBuffer()),
          type: "text/csv",
        },
      ],
      admin,
    );
    expect(answer?.status, answer?.body.slice(0, 300)).toBe(200);
  });

  for (const name of NAMES) {
    it(`takes the cake's photo at the cart: ${name.title}`, async () => {
      const answer = await post("/store/altstadt?index", [
        ...fields({
          intent: "add",
          productId: String(cake.id),
          amount: "1",
          ...cake.otherFields,
        }),
        {
          name: cake.photoField,
          disposition: name.disposition,
          bytes: photo,
          type: "image/jpeg",
        },
      ]);
      expect(answer?.status, answer?.body.slice(0, 300)).toBe(303);
      const upload = await newestUpload();
      expect(upload.originalName).toBe(name.stored);
      expect(upload.cartId).not.toBeNull();
    });

    it(`takes a staff file in the files area, page and API: ${name.title}`, async () => {
      const file: Part = {
        name: "file",
        disposition: name.disposition,
        bytes: photo,
        type: "image/jpeg",
      };
      const page = await post("/backend/uploads", [file], admin);
      expect(page?.status, page?.body.slice(0, 300)).toBe(303);
      expect(await newestUpload()).toMatchObject({ originalName: name.stored, isStaffFile: true });
      const api = await post("/api/uploads", [file], admin);
      expect(api?.status, api?.body.slice(0, 300)).toBe(201);
      expect(JSON.parse(api!.body).data[0].name).toBe(name.stored);
    });

    it(`takes a product's picture and an image of the images area: ${name.title}`, async () => {
      const before = await db.selectFrom("images").select("id").execute();
      const product = await post(
        "/backend/products/new",
        [
          ...fields({
            name: `Torte ${name.title}`,
            type: "simple",
            price: "3,50",
            unit: "piece",
            calculationModel: "fixed",
            intent: "save",
          }),
          {
            name: "imageIds__datei",
            disposition: name.disposition,
            bytes: photo,
            type: "image/jpeg",
          },
        ],
        admin,
      );
      expect(product?.status, product?.body.slice(0, 300)).toBe(302);
      const saved = await db
        .selectFrom("products")
        .innerJoin("productImages", "productImages.productId", "products.id")
        .select("productImages.imageId")
        .where("products.name", "=", `Torte ${name.title}`)
        .execute();
      expect(saved).toHaveLength(1);

      const image = {
        name: "file",
        disposition: name.disposition,
        bytes: photo,
        type: "image/jpeg",
      };
      const page = await post(
        "/backend/images/new",
        [...fields({ alt: "Eine Torte" }), image],
        admin,
      );
      expect(page?.status, page?.body.slice(0, 300)).toBe(302);
      const api = await post("/api/images", [...fields({ alt: "Eine Torte" }), image], admin);
      expect(api?.status, api?.body.slice(0, 300)).toBe(201);
      const after = await db.selectFrom("images").select("id").execute();
      expect(after.length - before.length).toBe(3);
    });
  }
});
