import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWriteMark } from "#app/features/cart/cart-cookie.server";
import { markCartWrites } from "./cart-writes.server";

describe("markCartWrites", () => {
  let origin = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(markCartWrites({ secure: true }));
    app.all("*", (_req, res) => {
      res.append("Set-Cookie", "warenkorb=neu; Path=/");
      res.status(303).end();
    });
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const marksOf = async (method: string, cookie?: string) => {
    const response = await fetch(`${origin}/store/altstadt`, {
      method,
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
    return response.headers
      .getSetCookie()
      .filter((set) => set.startsWith("warenkorb-stand="))
      .map((set) => set.split(";")[0]!);
  };

  it("gives a browser with a cart a new mark with every request that may change it", async () => {
    const first = await marksOf("POST", "warenkorb=abc");
    const second = await marksOf("POST", "a=1; warenkorb=abc");
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]).not.toBe(second[0]);
    expect(cartWriteMark(`x=1; ${first[0]}`)).toBe(first[0]!.split("=")[1]);
  });

  it("leaves reads and browsers without a cart alone, and keeps the answer's own cookies", async () => {
    expect(await marksOf("GET", "warenkorb=abc")).toEqual([]);
    expect(await marksOf("POST")).toEqual([]);
    expect(await marksOf("POST", "mein-warenkorb=abc")).toEqual([]);
    const response = await fetch(`${origin}/`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: "warenkorb=abc" },
    });
    const sets = response.headers.getSetCookie();
    expect(sets.some((set) => set.startsWith("warenkorb=neu"))).toBe(true);
    expect(sets.find((set) => set.startsWith("warenkorb-stand="))).toMatch(
      /; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("reads no mark from a forged or absent value", () => {
    expect(cartWriteMark("")).toBe("");
    expect(cartWriteMark("warenkorb-stand=<script>")).toBe("");
    expect(cartWriteMark("xwarenkorb-stand=abc")).toBe("");
  });
});
