// Brotli (quality 11) and gzip (level 9) copies of the hashed client assets, made once at build
// time: the server hands them out as they are, so a phone gets the smallest file without the
// server compressing on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const folder = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

for (const name of readdirSync(folder)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(folder, name);
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
