import { describe, expect, it } from "vitest";
import { PHONE_EXAMPLE, checkPhone, normalizePhone, sanitizePhoneInput } from "./phone";

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
  it("accepts international numbers and answers them normalized", () => {
    expect(checkPhone("+49 30 1234567")).toEqual({ isValid: true, phone: "+49301234567" });
    expect(checkPhone("0049 171 1234567")).toEqual({ isValid: true, phone: "+491711234567" });
  });

  it("refuses numbers without + with the spec's message", () => {
    expect(PHONE_EXAMPLE).toBe("+49 30 1234567");
    expect(checkPhone("030 1234567")).toEqual({
      isValid: false,
      phone: "0301234567",
      message: INVALID,
    });
    expect(checkPhone("")).toEqual({ isValid: false, phone: "", message: INVALID });
  });

  it("refuses a + with too few or too many digits", () => {
    expect(checkPhone("+").isValid).toBe(false);
    expect(checkPhone("+49 30").isValid).toBe(false);
    expect(checkPhone("+49 123456").isValid).toBe(true);
    expect(checkPhone("+49 1234 5678 9012 34").isValid).toBe(false);
  });
});
