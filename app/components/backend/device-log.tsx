import { deDevices } from "../../i18n/de-devices";

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

export function DeviceLog({ extras }: { extras: Record<string, unknown> }) {
  const logs = (extras.logs ?? []) as LogRow[];
  const stale = (extras.stale ?? []) as StaleRow[];
  return (
    <>
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
