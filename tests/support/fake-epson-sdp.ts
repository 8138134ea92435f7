/**
 * An Epson TM-i printer doing Server Direct Print, for the tests (decision 063). It speaks the
 * printer's side of the protocol as the manual describes it: an HTTP POST of URL-encoded form data
 * to the configured URL, `ConnectionType=GetRequest&ID=…&Name=…` to ask for print data (an empty
 * body means nothing to print), and after printing `ConnectionType=SetResponse&ID=…&Name=…&
 * ResponseFile=<PrintResponseInfo …>` with the result of each `printjobid` it printed.
 *
 * "Printing" is reading the ePOS-Print XML: the text of its `<text>` elements (entities decoded)
 * is the ticket, recorded by the "Auftrag <id>" in it. Modes: confirm (the normal printer),
 * confirm twice (the result is sent again, as after a lost answer), never confirm (the printer
 * dies after printing), fail (paper out: `success="false"` with a code).
 */
export type FakeSdpMode = "confirm" | "confirm-twice" | "never" | "fail";

export interface SdpTicket {
  printJobId: string;
  /** The printed text, one string, line feeds included. */
  text: string;
  /** The whole answer of the server, as received. */
  xml: string;
}

export interface FakeSdpPrinter {
  /** Tickets printed, in order (repeats show as repeats). */
  printed: SdpTicket[];
  /** One GetRequest; the ticket it got, or null for an empty answer. Throws on a non-200. */
  getRequest(): Promise<SdpTicket | null>;
  /** One SetResponse for a job id; the server's HTTP status. */
  setResponse(printJobId: string, success: boolean, code?: string): Promise<number>;
  /** A whole round as the printer does it: ask, print, report per its mode. */
  poll(mode?: FakeSdpMode): Promise<SdpTicket | null>;
  /** Raw POST of form fields (for hostile variants); the response. */
  post(fields: Record<string, string>): Promise<Response>;
}

const decode = (text: string) =>
  text
    .replace(/&#10;/g, "\n")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The result document a TM-i printer (firmware 4.1 and later) sends for a job id. */
export function printResponseInfo(printJobId: string, success: boolean, code = ""): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid>' +
    `<printjobid>${printJobId}</printjobid></Parameter><PrintResponse>` +
    '<response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" ' +
    `success="${success}" code="${code}" status="${success ? 251658262 : 1}" battery="0"/>` +
    "</PrintResponse></ePOSPrint></PrintResponseInfo>"
  );
}

export function fakeEpsonSdpPrinter(
  url: string,
  options: { id?: string; name?: string } = {},
): FakeSdpPrinter {
  const identity = { ID: options.id ?? "", Name: options.name ?? "TM-m30III" };
  const printed: SdpTicket[] = [];

  const post = (fields: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  async function getRequest(): Promise<SdpTicket | null> {
    const response = await post({ ConnectionType: "GetRequest", ...identity });
    if (response.status !== 200) throw new Error(`GetRequest: ${response.status}`);
    const xml = await response.text();
    if (xml.trim() === "") return null;
    const id = /<printjobid>([^<]+)<\/printjobid>/.exec(xml)?.[1];
    if (!id) throw new Error(`Antwort ohne printjobid: ${xml.slice(0, 300)}`);
    if (
      !/<epos-print xmlns="http:\/\/www\.epson-pos\.com\/schemas\/2011\/03\/epos-print">/.test(xml)
    ) {
      throw new Error("Antwort ohne epos-print");
    }
    const text = [...xml.matchAll(/<text(?:\s[^>]*)?>([^<]*)<\/text>/g)]
      .map((match) => decode(match[1]!))
      .join("");
    return { printJobId: id, text, xml };
  }

  async function setResponse(printJobId: string, success: boolean, code = "") {
    const response = await post({
      ConnectionType: "SetResponse",
      ...identity,
      ResponseFile: printResponseInfo(printJobId, success, code),
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    printed,
    getRequest,
    setResponse,
    post,
    async poll(mode: FakeSdpMode = "confirm") {
      const ticket = await getRequest();
      if (!ticket) return null;
      if (mode === "fail") {
        await setResponse(ticket.printJobId, false, "EPTR_REC_EMPTY");
        return ticket;
      }
      printed.push(ticket);
      if (mode === "never") return ticket;
      await setResponse(ticket.printJobId, true);
      if (mode === "confirm-twice") await setResponse(ticket.printJobId, true);
      return ticket;
    },
  };
}
