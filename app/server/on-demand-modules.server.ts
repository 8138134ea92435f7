/**
 * Libraries a server process loads the first time it needs them, not at start (decision 051).
 * Together they are some 20 MB of every process's resident memory (libvips, the S3 SDK, a font
 * parser), while most processes never make an image size, read a font or talk to S3 between two
 * restarts. Each is imported once; later calls get the same module.
 */
import type * as S3 from "@aws-sdk/client-s3";
import type * as Opentype from "opentype.js";
import type Sharp from "sharp";

let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
let opentypeModule: Promise<typeof Opentype> | undefined;
let s3Module: Promise<typeof S3> | undefined;

/** sharp (libvips), for image sizes, previews, templates and checks of uploaded pictures. */
export async function loadSharp() {
  return (await (sharpModule ??= import("sharp"))).default;
}

/** opentype.js, to measure and draw text in image templates and the demo logo. */
export async function loadOpentype(): Promise<typeof Opentype> {
  // A CommonJS module: Node's import() puts its exports under `default`, the types do not.
  const loaded = (await (opentypeModule ??= import("opentype.js"))) as typeof Opentype & {
    default?: typeof Opentype;
  };
  return loaded.default ?? loaded;
}

/** The S3 client, when the files live in an S3-compatible store. */
export function loadS3() {
  return (s3Module ??= import("@aws-sdk/client-s3"));
}
