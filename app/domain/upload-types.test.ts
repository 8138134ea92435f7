import { describe, expect, it } from "vitest";
import { acceptsSeveral, checkUpload } from "./upload-types";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
const pdf = new TextEncoder().encode("%PDF-1.7\n");
const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

describe("upload checks", () => {
  it("accepts a real photo in an image step and names its stored type", () => {
    expect(checkUpload("image", "Torte.PNG", png)).toEqual({
      ok: true,
      extension: "png",
      mimeType: "image/png",
    });
    expect(checkUpload("images", "a.jpeg", jpeg)).toMatchObject({ ok: true });
  });

  it("takes only jpg, jpeg, png and gif in image steps", () => {
    expect(checkUpload("image", "plan.pdf", pdf)).toEqual({ ok: false, fileName: "plan.pdf" });
    expect(checkUpload("file", "plan.pdf", pdf)).toMatchObject({ ok: true });
  });

  it("judges by content, not by name", () => {
    expect(checkUpload("image", "foto.jpg", html).ok).toBe(false);
    expect(checkUpload("file", "liste.txt", html).ok).toBe(false);
    expect(checkUpload("file", "foto.png", jpeg).ok).toBe(false);
    expect(checkUpload("file", "seite.html", html).ok).toBe(false);
  });

  it("rejects empty and oversized files", () => {
    expect(checkUpload("image", "leer.png", new Uint8Array()).ok).toBe(false);
    expect(checkUpload("image", "gross.png", png, 4).ok).toBe(false);
  });

  it("takes several files only in images and files steps", () => {
    expect(acceptsSeveral("images")).toBe(true);
    expect(acceptsSeveral("files")).toBe(true);
    expect(acceptsSeveral("image")).toBe(false);
    expect(acceptsSeveral("file")).toBe(false);
  });
});
