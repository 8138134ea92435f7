import { deDevices } from "#app/i18n/de-devices";
import { TextInput } from "#app/components/ui/field";

/**
 * A device's page below its form (decision 056): the stale tickets staff should reprint by hand
 * and the device log, newest first (every attempt, test, confirmation and error with its time).
 */
const t = deDevices.page;

interface LogRow {
  id: number;
  event: string;
  message: string;
  at: string;
}
interface StaleRow {
  id: number;
  orderId: number | null;
  at: string;
}

interface Address {
  kind: "sdp" | "cloudprnt" | "notifier";
  url: string;
}

/**
 * The address to type into the device (decision 063), as a read-only field: one tap selects it
 * whole, so it copies without JavaScript; the notifier's also as a link to open it here.
 */
function DeviceAddress({ address }: { address: Address }) {
  const a = t.address;
  const label =
    address.kind === "sdp" ? a.sdp : address.kind === "cloudprnt" ? a.cloudprnt : a.notifier;
  const help =
    address.kind === "sdp"
      ? a.sdpHelp
      : address.kind === "cloudprnt"
        ? a.cloudprntHelp
        : a.notifierHelp;
  return (
    <section className="resource-section" aria-labelledby="geraet-adresse">
      <h2 id="geraet-adresse">{label}</h2>
      <TextInput
        id="geraet-adresse-url"
        label={label}
        help={help}
        type="text"
        readOnly
        value={address.url}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      {address.kind === "notifier" ? (
        <p>
          <a href={address.url} target="_blank" rel="noreferrer">
            {a.open}
          </a>
        </p>
      ) : null}
    </section>
  );
}

export function DeviceLog({ extras }: { extras: Record<string, unknown> }) {
  const logs = (extras.logs ?? []) as LogRow[];
  const stale = (extras.stale ?? []) as StaleRow[];
  const address = (extras.address ?? null) as Address | null;
  return (
    <>
      {address ? <DeviceAddress address={address} /> : null}
      {stale.length > 0 ? (
        <section className="resource-section" aria-labelledby="geraet-veraltet">
          <h2 id="geraet-veraltet">{t.stale}</h2>
          <p className="ui-field-help">{t.staleHelp}</p>
          <ul>
            {stale.map((job) => (
              <li key={job.id}>
                {job.orderId ? (
                  <a href={`/backend/orders/${job.orderId}`}>
                    {t.order} {job.orderId}
                  </a>
                ) : null}{" "}
                · {job.at}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="resource-section" aria-labelledby="geraet-protokoll">
        <h2 id="geraet-protokoll">{t.logs}</h2>
        {logs.length === 0 ? (
          <p>{t.noLogs}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.time}</th>
                  <th scope="col">{t.message}</th>
                </tr>
              </thead>
              <tbody>
                {logs.map((log) => (
                  <tr key={log.id}>
                    <td>{log.at}</td>
                    <td>{log.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
