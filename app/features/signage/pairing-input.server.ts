import { cleanLine } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import type { Problem } from "#app/features/backoffice/resource.server";
import type { PairInput } from "./signage.server";

const id = (value: unknown): number | null => {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

/** The pairing form's or JSON body's fields, checked alike; German problems by field. */
export function readPairInput(
  body: Record<string, unknown>,
): { ok: true; value: PairInput } | { ok: false; errors: Problem[] } {
  const errors: Problem[] = [];
  const code = typeof body.code === "string" ? body.code.slice(0, 40) : "";
  if (!code.trim()) errors.push({ field: "code", message: de.fields.required });
  const name = typeof body.name === "string" ? cleanLine(body.name) : "";
  if (!name) errors.push({ field: "name", message: de.fields.required });
  else if (name.length > 80) errors.push({ field: "name", message: de.fields.tooLong(80) });
  else if (/[<>]/.test(name)) errors.push({ field: "name", message: de.fields.markup });
  const branchId = id(body.branchId);
  if (branchId === null) errors.push({ field: "branchId", message: de.fields.reference });
  const streamEmpty = body.streamId === undefined || body.streamId === null || body.streamId === "";
  const streamId = streamEmpty ? null : id(body.streamId);
  if (!streamEmpty && streamId === null) {
    errors.push({ field: "streamId", message: de.fields.reference });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { code, name, branchId: branchId!, streamId } };
}
