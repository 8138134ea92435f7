import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  PaymentProviderError,
  type PaymentProviderName,
  type ProviderRuntime,
} from "./provider";

type Json = Record<string, unknown>;

/** The provider's error code and message from an error body, as each provider shapes them. */
export type ErrorReader = (body: Json) => { code?: string; message?: string };

/**
 * One JSON request to a provider: answers the parsed body of a 2xx response and throws
 * `PaymentProviderError` for anything else (HTTP error, timeout, unreachable, not JSON).
 */
export async function requestJson(
  provider: PaymentProviderName,
  runtime: ProviderRuntime,
  url: string,
  init: RequestInit,
  readError: ErrorReader,
): Promise<Json> {
  const fetcher = runtime.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(url, {
      ...init,
      signal: AbortSignal.timeout(runtime.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentProviderError(provider, `nicht erreichbar (${reason})`);
  }
  const text = await response.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    if (response.ok) {
      throw new PaymentProviderError(provider, "Antwort ist kein JSON", response.status);
    }
  }
  if (!response.ok) {
    const { code, message } = readError(body);
    throw new PaymentProviderError(
      provider,
      `HTTP ${response.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
      response.status,
      code,
    );
  }
  return body;
}

/** Reads `value` as a string field of a JSON object, or undefined. */
export function text(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const field = (value as Json)[key];
  return typeof field === "string" ? field : undefined;
}

export function object(value: unknown, key: string): Json | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const field = (value as Json)[key];
  return typeof field === "object" && field !== null && !Array.isArray(field)
    ? (field as Json)
    : undefined;
}

export function list(value: unknown, key: string): unknown[] {
  if (typeof value !== "object" || value === null) return [];
  const field = (value as Json)[key];
  return Array.isArray(field) ? field : [];
}

export function parseJsonObject(raw: string): Json | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Json)
      : null;
  } catch {
    return null;
  }
}

/** Joins a configured base URL (with or without a trailing slash) and an absolute API path. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
