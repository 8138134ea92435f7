import { describe, expect, it } from "vitest";
import { EposSink, escapeXml, parsePrintResponse, printRequestInfo } from "./epos-xml";

describe("ePOS-Print XML for Server Direct Print (decision 063)", () => {
  it("writes lines as UTF-8 text with markup escaped and control characters made spaces", () => {
    const sink = new EposSink();
    sink.command("boldOn");
    sink.line("Größe <b> & 5 €\u0007");
    expect(sink.document()).toBe(
      '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">' +
        '<text em="true"/><text>Größe &lt;b&gt; &amp; 5 € &#10;</text></epos-print>',
    );
    expect(escapeXml(`"'`)).toBe("&quot;&apos;");
  });

  it("names the job in a version 2.00 request and refuses ids SDP does not allow", () => {
    expect(printRequestInfo("42", "<epos-print/>")).toContain(
      "<printjobid>42</printjobid></Parameter><PrintData><epos-print/></PrintData>",
    );
    expect(() => printRequestInfo("a b", "")).toThrow(RangeError);
    expect(() => printRequestInfo("x".repeat(31), "")).toThrow(RangeError);
  });

  it("reads results of versions 1.00, 2.00 and 3.00", () => {
    expect(
      parsePrintResponse(
        '<PrintResponseInfo Version="1.00"><response success="true" code="" status="1"/></PrintResponseInfo>',
      ),
    ).toEqual([{ printJobId: null, success: true, code: "" }]);
    expect(
      parsePrintResponse(
        '<PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid>' +
          "<printjobid>7</printjobid></Parameter><PrintResponse><response " +
          'success="false" code="EPTR_COVER_OPEN" status="1"/></PrintResponse></ePOSPrint></PrintResponseInfo>',
      ),
    ).toEqual([{ printJobId: "7", success: false, code: "EPTR_COVER_OPEN" }]);
    expect(
      parsePrintResponse(
        '<PrintResponseInfo Version="3.00"><ServerDirectPrint><Response Success="false">' +
          "<ErrorSummary>Invalid XML format</ErrorSummary></Response></ServerDirectPrint></PrintResponseInfo>",
      ),
    ).toEqual([{ printJobId: null, success: false, code: "Invalid XML format" }]);
    expect(parsePrintResponse("kein XML")).toEqual([]);
  });
});
