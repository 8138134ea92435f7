import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.server";

const withCode = (code: string, message = "") => Object.assign(new Error(message), { code });

describe("a database that cannot be reached", () => {
  it.each([
    [
      "a terminated backend (57P01)",
      withCode("57P01", "terminating connection due to administrator command"),
    ],
    ["a crash shutdown (57P02)", withCode("57P02")],
    ["a server starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["too many connections (53300)", withCode("53300")],
    ["a connection exception (08006)", withCode("08006")],
    ["a refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a reset connection", withCode("ECONNRESET", "read ECONNRESET")],
    ["a socket closed by the server", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    [
      "a connect timeout of the client",
      new Error("Connection terminated due to connection timeout", { cause: new Error("x") }),
    ],
    ["a client that lost its connection", new Error("Client was closed and is not queryable")],
    [
      "both addresses of localhost refusing",
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
    ],
    ["a wrapped cause", new Error("Anfrage fehlgeschlagen", { cause: withCode("57P01") })],
  ])("is recognised: %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value")],
    ["a syntax error", withCode("42601")],
    ["a cancelled statement", withCode("57014", "canceling statement due to statement timeout")],
    ["a plain bug", new TypeError("undefined is not a function")],
    ["a thrown response", new Response(null, { status: 404 })],
    ["nothing", undefined],
    ["a string", "Connection terminated unexpectedly"],
  ])("is not mistaken for one: %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
