/** The public addresses of an upload and its preview (spec: Upload/file). */
export interface UploadAddress {
  id: number;
  version: number;
  extension: string;
  publicHash: string;
}

export function uploadPath(upload: UploadAddress): string {
  return `/upload/${upload.publicHash}/${upload.id}-${upload.version}.${upload.extension}`;
}

export function uploadPreviewPath(upload: UploadAddress): string {
  return `/upload/${upload.publicHash}/preview/${upload.id}-${upload.version}.jpg`;
}
