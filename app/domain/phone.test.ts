import { describe, expect, it } from "vitest";
import {
  PHONE_EXAMPLE,
  checkPhone,
  normalizePhone,
  phoneCountryOf,
  sanitizePhoneInput,
} from "./phone";

const INVALID = "Bitte geben Sie eine gültige Nummer im Format +49 30 1234567 an.";

describe("sanitizePhoneInput", () => {
  it("keeps digits, + and spaces while typing", () => {
    expect(sanitizePhoneInput("+49 (30) 123-4567")).toBe("+49 30 1234567");
    expect(sanitizePhoneInput("Tel.: 0049 30/123")).toBe(" 0049 30123");
    expect(sanitizePhoneInput("")).toBe("");
  });
});

describe("normalizePhone", () => {
  it("keeps only + and digits", () => {
    expect(normalizePhone("+49 30 1234567")).toBe("+49301234567");
    expect(normalizePhone("+49 (30) 123-4567")).toBe("+49301234567");
  });

  it("turns a leading 00 into +", () => {
    expect(normalizePhone("0049 30 1234567")).toBe("+49301234567");
    expect(normalizePhone(" 0043 1 234567")).toBe("+431234567");
  });

  it("keeps only a leading +", () => {
    expect(normalizePhone("+49+30 123")).toBe("+4930123");
    expect(normalizePhone("030+123")).toBe("030123");
  });

  it("leaves national numbers without +", () => {
    expect(normalizePhone("030 1234567")).toBe("0301234567");
    expect(normalizePhone("")).toBe("");
  });
});

describe("checkPhone", () => {
  it("accepts national numbers of the shop's country and answers them in international form", () => {
    expect(checkPhone("0761 123456")).toEqual({ isValid: true, phone: "+49 761 123456" });
    expect(checkPhone("0761/123456")).toEqual({ isValid: true, phone: "+49 761 123456" });
    expect(checkPhone("030 1234567")).toEqual({ isValid: true, phone: "+49 30 1234567" });
    expect(checkPhone("0171-1234567")).toEqual({ isValid: true, phone: "+49 171 1234567" });
  });

  it("reads a national number with the country it is given", () => {
    expect(checkPhone("01 234567", "AT")).toEqual({ isValid: true, phone: "+43 1 234567" });
    expect(checkPhone("044 668 18 00", "CH")).toEqual({ isValid: true, phone: "+41 44 668 18 00" });
  });

  it("accepts international numbers, with + or 00, whatever the shop's country", () => {
    expect(checkPhone("+49 30 1234567")).toEqual({ isValid: true, phone: "+49 30 1234567" });
    expect(checkPhone("0049 171 1234567")).toEqual({ isValid: true, phone: "+49 171 1234567" });
    expect(checkPhone("+43 1 234567")).toEqual({ isValid: true, phone: "+43 1 234567" });
    expect(checkPhone("+1 202 555 0143", "AT")).toEqual({
      isValid: true,
      phone: "+1 202 555 0143",
    });
  });

  it("refuses what cannot be a number with the spec's message", () => {
    expect(PHONE_EXAMPLE).toBe("+49 30 1234567");
    for (const garbage of [
      "",
      "abc",
      "12",
      "12345",
      "0761",
      "+",
      "+49 30",
      "0761 1234567890123456",
    ]) {
      const check = checkPhone(garbage);
      expect(check.isValid, garbage).toBe(false);
      if (!check.isValid) expect(check.message).toBe(INVALID);
    }
    expect(checkPhone("0761 12345a6").isValid).toBe(false);
    expect(checkPhone("ruf mich an 0761 123456").isValid).toBe(false);
  });
});

describe("phoneCountryOf", () => {
  it("names the country of the business's time zone, Germany by default", () => {
    expect(phoneCountryOf("Europe/Berlin")).toBe("DE");
    expect(phoneCountryOf("Europe/Vienna")).toBe("AT");
    expect(phoneCountryOf("Europe/Zurich")).toBe("CH");
    expect(phoneCountryOf(undefined)).toBe("DE");
  });
});
