import { createHmac } from "node:crypto";
import {
  lockClientUploads,
  uploadTotalsForCart,
  uploadTotalsForClientLastHour,
} from "#app/db/queries/uploads";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de";

/**
 * How many files a cart may collect, and one client address per hour (decision 027): the files
 * stay on the disk until an order takes them or the clean-up removes the abandoned cart.
 */
export interface UploadQuota {
  cartFiles: number;
  cartBytes: number;
  addressFilesPerHour: number;
  addressBytesPerHour: number;
}

const MB = 1024 * 1024;

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  cartFiles: 20,
  cartBytes: 100 * MB,
  addressFilesPerHour: 50,
  addressBytesPerHour: 200 * MB,
};

/** Who uploads: the keyed hash of the client's address (null without one) and the quota. */
export interface Uploader {
  clientKey: string | null;
  quota: UploadQuota;
}

/**
 * The address is stored only as an HMAC under the session secret: the quota can count by it, a
 * leaked table does not give the addresses away (an unkeyed hash of an IPv4 address is guessed
 * in minutes).
 */
export function clientKeyFor(address: string | undefined, secret: string): string | null {
  if (!address) return null;
  return createHmac("sha256", secret).update(`uploads:${address}`).digest("hex").slice(0, 32);
}

/**
 * Checks new files against both quotas, inside the transaction that stores them and after the
 * cart row is locked: the client's uploads are locked too, so parallel requests count in turn.
 * Answers the German refusal, or null when the files fit.
 */
export async function uploadQuotaRefusal(
  trx: Db,
  input: { cartId: string; uploader: Uploader; files: number; bytes: number },
): Promise<string | null> {
  const { quota, clientKey } = input.uploader;
  const cart = await uploadTotalsForCart(trx, input.cartId);
  if (cart.files + input.files > quota.cartFiles || cart.bytes + input.bytes > quota.cartBytes) {
    return de.uploads.cartQuota(quota.cartFiles, Math.floor(quota.cartBytes / MB));
  }
  if (!clientKey) return null;
  await lockClientUploads(trx, clientKey);
  const client = await uploadTotalsForClientLastHour(trx, clientKey);
  if (
    client.files + input.files > quota.addressFilesPerHour ||
    client.bytes + input.bytes > quota.addressBytesPerHour
  ) {
    return de.uploads.addressQuota;
  }
  return null;
}
