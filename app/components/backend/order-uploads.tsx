import { deUploads } from "#app/i18n/de-uploads";
import type { OrderUploadView } from "#app/features/uploads/order-uploads.server";

/** The customer's files of an order: each preview links to the file (decision 037). */
export function OrderUploadList({ uploads }: { uploads: OrderUploadView[] }) {
  return (
    <ul className="order-uploads">
      {uploads.map((upload) => (
        <li key={upload.key}>
          <a href={upload.href} target="_blank" rel="noreferrer" className="upload-thumb">
            <img
              src={upload.previewHref}
              alt={deUploads.previewAlt(upload.name)}
              width={64}
              height={64}
              loading="lazy"
            />
            <span>{upload.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
